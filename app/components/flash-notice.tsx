import { useState } from "react";
import { widgetRoot } from "../widgets/widget-root";

/**
 * A polite notice after a redirect ("배우가 저장되었습니다."); announced by screen readers, never blocking.
 * Closing it removes the message; the live region stays. One implementation (decision 038). Without a
 * message there is nothing to bring to life: the empty live region is not a widget, so visitors' pages
 * without a notice fetch none of its code.
 */
export function FlashNotice({ message }: { message: string | null }) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  const visible = message !== null && dismissed !== message;
  return (
    <div className="flash" role="status" aria-live="polite" {...(message === null ? {} : widgetRoot("flash-notice", { message }))}>
      {visible ? (
        <p className="flash__message">
          <span>{message}</span>
          <button type="button" className="flash__close" onClick={() => setDismissed(message)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">알림 닫기</span>
          </button>
        </p>
      ) : null}
    </div>
  );
}
