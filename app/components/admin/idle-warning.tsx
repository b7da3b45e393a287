import { useEffect, useState } from "react";
import { useFetchers, useLocation, useNavigation } from "react-router";
import { PATHS, WORKSPACE_PATHS } from "../../domain/paths";

/** How long before the idle sign-out the warning appears. */
export const IDLE_WARNING_MS = 60 * 1000;

/**
 * The administrator's app (JavaScript on): a minute before the idle sign-out (a site setting,
 * 안전성 확보조치 기준 Art. 6④), a warning offers to stay signed in; when the time has passed it says so.
 * Nothing on the page is touched either way: typed text stays, and a save after the sign-out gets
 * the "login expired" banner with the text kept. Every navigation and form submission counts as use.
 */
export function IdleWarning({ idleMinutes }: { idleMinutes: number }) {
  const location = useLocation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const [now, setNow] = useState(() => Date.now());
  const [state, setState] = useState<"idle" | "checking" | "ended">("idle");
  // A new page or a request under way is use: the clock restarts from the last tick seen.
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const activity = `${location.key}|${busy}`;
  const [use, setUse] = useState({ activity, at: now });
  if (use.activity !== activity) setUse({ activity, at: now });
  const lastUse = use.at;
  const setLastUse = (at: number) => setUse({ activity, at });
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const left = lastUse + idleMinutes * 60_000 - now;
  if (state !== "ended" && left > IDLE_WARNING_MS) return null;
  const ended = state === "ended" || left <= 0;

  async function stay() {
    setState("checking");
    // Any request of the workspace counts as use on the server: a small one, without following a redirect.
    const response = await fetch(WORKSPACE_PATHS.account, { headers: { Accept: "text/html" }, redirect: "manual", credentials: "same-origin" }).catch(() => null);
    if (response?.ok) {
      const at = Date.now();
      setNow(at);
      setLastUse(at);
      setState("idle");
    } else setState("ended");
  }

  return (
    <div className="idle-warning" role="alertdialog" aria-labelledby="idle-warning-title" aria-describedby="idle-warning-text">
      <p id="idle-warning-title" className="idle-warning__title">
        {ended ? "자동으로 로그아웃되었습니다" : "곧 자동으로 로그아웃됩니다"}
      </p>
      <p id="idle-warning-text">
        {ended
          ? "입력한 내용은 이 화면에 그대로 있습니다. 새 창에서 다시 로그인한 뒤 이 창으로 돌아와 저장해 주세요."
          : `관리 화면을 쓰지 않은 지 ${idleMinutes - 1}분이 지났습니다. ${Math.max(1, Math.ceil(left / 1000))}초 뒤에 로그아웃됩니다.`}
      </p>
      {ended ? (
        <a href={PATHS.adminLogin} target="_blank" rel="noopener" className="button button--small">
          새 창에서 로그인
        </a>
      ) : (
        <button type="button" className="button button--small" onClick={stay} disabled={state === "checking"}>
          로그인 유지
        </button>
      )}
    </div>
  );
}
