import type { Blocker } from "react-router";

/** Asks before leaving an editor with unsaved changes (in-app navigation). */
export function LeaveGuard({ blocker }: { blocker: Blocker }) {
  if (blocker.state !== "blocked") return null;
  return (
    <div className="leave-guard" role="alertdialog" aria-modal="true" aria-labelledby="leave-guard-title" aria-describedby="leave-guard-text">
      <div className="leave-guard__box">
        <h2 id="leave-guard-title">저장하지 않은 내용이 있습니다</h2>
        <p id="leave-guard-text">이 페이지를 나가도 작성 중인 내용은 이 브라우저에 임시 저장되어 다음에 다시 불러올 수 있습니다.</p>
        <div className="leave-guard__actions">
          <button type="button" className="button button--ghost" onClick={() => blocker.reset()} autoFocus>
            계속 작성하기
          </button>
          <button type="button" className="button" onClick={() => blocker.proceed()}>
            나가기
          </button>
        </div>
      </div>
    </div>
  );
}
