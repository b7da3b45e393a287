import { ageOn } from "../domain/age";
import { kstDate } from "../domain/kst";

/**
 * The online audition application (app/components/audition-application-form.tsx) without React: the
 * form is sent by XMLHttpRequest to show upload progress (a video may be 200 MB); a refused submission
 * shows its messages in place, so the chosen files stay chosen along with the typed text; the guardian's
 * part is shown only for applicants under 14 (or when it has an error). The form's data attributes
 * carry the submit address, the guardian age and the time stamp's field.
 */

interface Reply {
  formError?: string;
  message?: string;
  errors?: Record<string, string>;
  stamp?: string;
  location?: string;
}

const MB = 1024 * 1024;
const GUARDIAN_FIELDS = ["guardianName", "guardianPhone", "guardianConsent"];
const DISCONNECTED = "지원서를 보내는 중에 연결이 끊겼습니다. 인터넷 연결을 확인한 뒤 다시 제출해 주세요.";
const NOT_RECEIVED = "지원서를 접수하지 못했습니다. 잠시 후 다시 제출해 주세요.";

export function enhanceAuditionForm(form: HTMLFormElement): void {
  const submitUrl = form.dataset.submitUrl;
  const guardianAge = Number(form.dataset.guardianAge);
  const stampField = form.dataset.stampField;
  if (!submitUrl || !stampField || !Number.isFinite(guardianAge)) return;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const progressBox = form.querySelector<HTMLElement>(".apply-form__progress");
  const birthDate = form.querySelector<HTMLInputElement>("#apply-birthDate");
  const guardian = form.querySelector<HTMLFieldSetElement>(".apply-form__guardian");
  const buttonText = button?.textContent ?? "";
  let sending = false;

  /** Without JavaScript the guardian's part is always there (it says who fills it in); with it, only when needed. */
  const syncGuardian = () => {
    if (!guardian) return;
    const value = birthDate?.value ?? "";
    const today = kstDate(new Date());
    const underAge = /^\d{4}-\d{2}-\d{2}$/.test(value) && value <= today ? ageOn(value, today) < guardianAge : false;
    const hasError = GUARDIAN_FIELDS.some((name) => form.querySelector(`#${name}-error`));
    const shown = underAge || hasError;
    guardian.hidden = !shown;
    // A hidden part is not sent either.
    guardian.disabled = !shown;
  };
  birthDate?.addEventListener("input", syncGuardian);
  birthDate?.addEventListener("change", syncGuardian);
  syncGuardian();

  const showProgress = (loaded: number, total: number) => {
    if (!progressBox) return;
    const percent = Math.min(100, Math.round((loaded / Math.max(1, total)) * 100));
    let bar = progressBox.querySelector("progress");
    let text = progressBox.querySelector("span");
    if (!bar || !text) {
      bar = document.createElement("progress");
      bar.max = 100;
      bar.setAttribute("aria-label", "지원서 전송 진행률");
      text = document.createElement("span");
      progressBox.replaceChildren(bar, text);
    }
    bar.value = percent;
    text.textContent =
      `지원서를 보내는 중입니다. ${percent}%` +
      (total > 5 * MB ? ` (${(loaded / MB).toFixed(0)}MB / ${(total / MB).toFixed(0)}MB)` : "") +
      (percent >= 100 ? " 사진을 확인하고 있습니다..." : "");
  };
  const setSending = (on: boolean) => {
    sending = on;
    if (button) {
      button.disabled = on;
      button.textContent = on ? "보내는 중..." : buttonText;
    }
    if (on) showProgress(0, 1);
    else progressBox?.replaceChildren();
  };

  /** The messages of a refused submission, where the server-rendered form puts them. */
  const showReply = (reply: Reply) => {
    const errors = reply.errors ?? {};
    form.querySelector(".form-error")?.remove();
    for (const old of form.querySelectorAll(".field__error")) old.remove();
    for (const control of form.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
    const names: string[] = [];
    for (const element of form.elements) {
      const name = (element as HTMLInputElement).name;
      if (name && errors[name] && !names.includes(name)) names.push(name);
    }
    for (const name of names) {
      const controls = [...form.querySelectorAll<HTMLElement>(`[name="${name}"]`)];
      const message = document.createElement("span");
      message.className = "field__error";
      message.id = `${name}-error`;
      message.textContent = errors[name]!;
      for (const control of controls) control.setAttribute("aria-invalid", "true");
      (name === "gender" ? controls[0]?.closest("fieldset") : controls[0]?.closest(".field"))?.append(message);
    }
    // As the server renders them: the error (when there is one), then the hint.
    for (const element of form.elements) {
      const control = element as HTMLInputElement;
      if (!control.name || control.type === "radio" || control.type === "hidden") continue;
      const ids = [errors[control.name] ? `${control.name}-error` : "", form.querySelector(`#${control.name}-hint`) ? `${control.name}-hint` : ""].filter(Boolean);
      if (ids.length > 0) control.setAttribute("aria-describedby", ids.join(" "));
      else control.removeAttribute("aria-describedby");
    }
    const genderGroup = form.querySelector('[name="gender"]')?.closest("fieldset");
    if (errors.gender) genderGroup?.setAttribute("aria-describedby", "gender-error");
    else genderGroup?.removeAttribute("aria-describedby");
    const summary = document.createElement("div");
    summary.className = "form-error";
    summary.setAttribute("role", "alert");
    summary.tabIndex = -1;
    const text = document.createElement("p");
    text.textContent = reply.formError ?? reply.message ?? NOT_RECEIVED;
    summary.append(text);
    if (names.length > 0) {
      const list = document.createElement("ul");
      list.className = "apply-form__error-list";
      for (const name of names) {
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.href = `#apply-${name}`;
        link.textContent = errors[name]!;
        item.append(link);
        list.append(item);
      }
      summary.append(list);
    }
    form.querySelector("#apply-required-note")?.after(summary);
    // The next try needs the fresh time stamp.
    const stampInput = form.elements.namedItem(stampField) as HTMLInputElement | null;
    if (stampInput && reply.stamp) stampInput.value = reply.stamp;
    syncGuardian();
    summary.focus();
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (sending) return;
    const body = new FormData(form);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", submitUrl);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    setSending(true);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) showProgress(e.loaded, e.total);
    };
    xhr.onerror = () => {
      setSending(false);
      showReply({ formError: DISCONNECTED });
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onload = () => {
      const answer = xhr.response as Reply | null;
      if (xhr.status === 200 && answer?.location) {
        window.location.assign(answer.location);
        return;
      }
      setSending(false);
      showReply(answer && typeof answer === "object" ? answer : { formError: NOT_RECEIVED });
    };
    xhr.send(body);
  });

  // A refused submission served by the server (sent without this script): its summary gets focus.
  form.querySelector<HTMLElement>(".form-error")?.focus();
  form.dataset.enhanced = "";
}
