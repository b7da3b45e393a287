import { useState, type MouseEvent } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { focalObjectPosition, focalPercent, SHARE_IMAGE_SIZE } from "../../domain/focal-point";
import { useHydrated } from "../../lib/use-hydrated";
import { Field } from "../../widgets/field";

interface FocalPointPickerProps {
  image: { width: number; height: number; src: string; alt: string };
  /** The size the picker shows the photo at (focalPickerSize): the server turns clicks into fractions with it. */
  size: { width: number; height: number };
  /** The saved point, as fractions from the top left. */
  focal: { x: number; y: number };
  /** What was typed into the percentage fields, and their messages, after a refused save. */
  typed?: { focalX?: string; focalY?: string } | null;
  errors?: Record<string, string>;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const parsePercent = (text: string) => {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(value) && value >= 0 && value <= 100 ? value / 100 : null;
};

/**
 * Where share images crop this photo around. Without JavaScript the photo is an image
 * button: a click posts its position in displayed pixels with the displayed size, and the server
 * saves the point; the two percentage fields are the keyboard's way. With JavaScript the click saves
 * the same way, and the marker and the crop preview follow at once (also while typing).
 */
export function FocalPointPicker({ image, size, focal, typed, errors = {} }: FocalPointPickerProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [texts, setTexts] = useState({ x: typed?.focalX ?? focalPercent(focal.x), y: typed?.focalY ?? focalPercent(focal.y) });
  const [clicked, setClicked] = useState<{ x: number; y: number } | null>(null);
  const point = clicked ?? { x: parsePercent(texts.x) ?? focal.x, y: parsePercent(texts.y) ?? focal.y };
  const busy = navigation.state !== "idle";
  const hydrated = useHydrated();

  function pick(event: MouseEvent<HTMLInputElement>) {
    event.preventDefault();
    // A keyboard "click" has no position; the fields below are the keyboard's way.
    if (event.detail === 0) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const next = { x: clamp01((event.clientX - rect.left) / rect.width), y: clamp01((event.clientY - rect.top) / rect.height) };
    setClicked(next);
    setTexts({ x: focalPercent(next.x), y: focalPercent(next.y) });
    submit({ intent: "focal", focalX: focalPercent(next.x), focalY: focalPercent(next.y) }, { method: "post", preventScrollReset: true });
  }

  const typedText = (axis: "x" | "y", value: string) => {
    setClicked(null);
    setTexts((current) => ({ ...current, [axis]: value }));
  };

  return (
    // `data-hydrated`: from here on a click is taken by `pick` (tests wait for it).
    <div className="focal-point" data-hydrated={hydrated || undefined}>
      <Form method="post" className="focal-point__picker" preventScrollReset>
        <input type="hidden" name="intent" value="focal" />
        <input type="hidden" name="boxWidth" value={size.width} />
        <input type="hidden" name="boxHeight" value={size.height} />
        <div className="focal-point__frame" style={{ width: size.width, height: size.height }}>
          <input
            type="image"
            name="focal"
            src={image.src}
            alt="사진에서 초점으로 삼을 곳을 누르세요"
            width={size.width}
            height={size.height}
            tabIndex={-1}
            className="focal-point__image"
            onClick={pick}
            disabled={busy}
          />
          <span className="focal-point__marker" style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }} aria-hidden="true" />
        </div>
        <p className="field__hint" aria-live="polite">
          지금 초점: 가로 {focalPercent(point.x)}%, 세로 {focalPercent(point.y)}%
        </p>
      </Form>

      <div className="focal-point__side">
        <Form method="post" className="admin-form focal-point__fields" noValidate preventScrollReset>
          <input type="hidden" name="intent" value="focal" />
          <div className="focal-point__inputs">
            {(["x", "y"] as const).map((axis) => {
              const name = axis === "x" ? "focalX" : "focalY";
              const error = errors[name];
              return (
                <Field key={axis} name={name} label={axis === "x" ? "가로 위치 (%)" : "세로 위치 (%)"} error={error}>
                  {(control) => (
                    <input
                      type="number"
                      {...control}
                      // Both coordinates share the hint under them.
                      aria-describedby={error ? `${name}-error focal-hint` : "focal-hint"}
                      inputMode="decimal"
                      min={0}
                      max={100}
                      step={0.1}
                      value={texts[axis]}
                      onChange={(e) => typedText(axis, e.target.value)}
                    />
                  )}
                </Field>
              );
            })}
          </div>
          <span className="field__hint" id="focal-hint">
            왼쪽 위가 0, 오른쪽 아래가 100입니다.
          </span>
          <div className="admin-form__actions">
            <button type="submit" className="button" disabled={busy}>
              초점 저장
            </button>
          </div>
        </Form>

        <figure className="focal-point__preview">
          <div className="focal-point__crop">
            <img
              src={image.src}
              alt=""
              style={{ objectPosition: focalObjectPosition(image.width, image.height, point, SHARE_IMAGE_SIZE.width, SHARE_IMAGE_SIZE.height) }}
            />
          </div>
          <figcaption className="field__hint">
            공유 이미지({SHARE_IMAGE_SIZE.width}×{SHARE_IMAGE_SIZE.height})에 들어가는 부분
          </figcaption>
        </figure>
      </div>
    </div>
  );
}
