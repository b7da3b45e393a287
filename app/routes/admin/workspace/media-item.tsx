import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/media-item";
import { FocalPointPicker } from "../../../components/admin/focal-point-picker";
import { MediaUses } from "../../../components/admin/media-uses";
import { mediaInUseMessage } from "../../../domain/media-uses";
import { MAX_MEDIA_ALT_LENGTH } from "../../../domain/schemas";
import { mediaItemPath, WORKSPACE_PATHS } from "../../../domain/paths";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleMediaItemAction, loadMediaItem } from "./media.server";
import { ConfirmActions, WorkspacePage } from "../../../components/admin/workspace-ui";
import { submitKeepingTypedText } from "../../../lib/signed-out-submit";
import { FormErrorBanner } from "../../../components/admin/admin-form-shell";
import { Field } from "../../../widgets/field";
import { workspaceMeta } from "../../../lib/workspace-meta";

export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadMediaItem(getRequestContext(context), request, params.id);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return handleMediaItemAction(getRequestContext(context), request, params.id);
}

/** With JavaScript: an ended session leaves the form as it is, with the "login expired" banner (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingTypedText(args);
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  // The name the page's heading uses (alt text, else the uploaded file's name), as the library's grid.
  return workspaceMeta(loaderData?.item.name ?? `이미지 #${params.id}`);
}

/**
 * /admin/media/:id: a bigger preview, the stored variants, where it is used, its alternative text,
 * a copyable URL (to paste into a post's HTML without JavaScript) and delete. `?delete` is the
 * confirmation step (a page of its own, so it works without JavaScript); an image in use is named
 * with its uses there and is taken out of them when deleted anyway.
 */
export default function MediaItem({ loaderData, actionData }: Route.ComponentProps) {
  const { item, shares, confirmDelete } = loaderData;
  const navigation = useNavigation();
  const [alt, setAlt] = useState(actionData?.values?.alt ?? item.alt);
  const altError = actionData?.fields.alt;
  const title = item.name;

  if (confirmDelete) {
    const inUse = item.uses.length > 0;
    return (
      <section className="workspace-page admin-confirm" aria-labelledby="confirm-title">
        <h1 id="confirm-title" className="workspace-page__title">
          {title} 삭제
        </h1>
        <FormErrorBanner reply={actionData} />
        <img src={item.thumbnail} alt={item.alt} width={160} height={Math.max(1, Math.round((160 * item.height) / item.width))} className="media-thumb" />
        {inUse ? (
          <div className="media-warning" role="alert">
            <p>{mediaInUseMessage(item.uses)}</p>
            <p>삭제하면 이 글과 배우 사진에서 이미지가 빠지고(각각 새 버전으로 기록됩니다), 파일도 지워집니다. 되돌릴 수 없습니다.</p>
          </div>
        ) : (
          <p>이 이미지를 삭제할까요? 어디에서도 쓰지 않는 이미지입니다. 삭제하면 파일도 지워지고 되돌릴 수 없습니다.</p>
        )}
        <ConfirmActions cancelTo={mediaItemPath(item.id)} intent="delete" label={inUse ? "그래도 삭제" : "삭제"} fields={{ confirmed: "1" }} />
      </section>
    );
  }

  return (
    <WorkspacePage id="media-item" className="media-item"
      title={title} eyebrow={<Link to={WORKSPACE_PATHS.media}>미디어</Link>}
      actions={
        <>
          <Link to="?delete" className="button button--small button--danger">
            삭제
          </Link>
        </>
      }
    >
      <FormErrorBanner reply={actionData} />

      <div className="media-item__layout">
        <figure className="media-item__preview">
          <img src={item.variants.at(-1)?.url ?? item.url} alt={item.alt} width={item.width} height={item.height} />
        </figure>
        <div className="media-item__info">
          <dl className="media-item__facts">
            <dt>크기</dt>
            <dd>
              {item.width}×{item.height} · {item.size} · {item.mimeType}
            </dd>
            <dt>업로드 일시</dt>
            <dd>{item.uploadedAt}</dd>
            <dt>사용처</dt>
            <dd>
              <MediaUses uses={item.uses} />
            </dd>
          </dl>

          <label className="field">
            <span className="field__label">이미지 주소</span>
            <input type="text" readOnly value={item.url} aria-describedby="media-url-hint" onFocus={(e) => e.currentTarget.select()} />
            <span className="field__hint" id="media-url-hint">
              글의 HTML에 &lt;img src="이 주소"&gt;로 붙여 넣으면 이 이미지를 다시 올리지 않고 쓸 수 있습니다.
            </span>
          </label>

          <Form method="post" className="admin-form media-item__alt" noValidate>
            <Field
              name="alt"
              label="대체 텍스트"
              hint={`화면을 읽어 주는 프로그램이 읽는 설명입니다. 배우 사진과 새로 넣는 글 이미지에 쓰입니다. (${MAX_MEDIA_ALT_LENGTH}자 이하)`}
              error={altError}
            >
              {(control) => <input type="text" {...control} value={alt} maxLength={MAX_MEDIA_ALT_LENGTH} onChange={(e) => setAlt(e.target.value)} />}
            </Field>
            <div className="admin-form__actions">
              <button type="submit" name="intent" value="alt" className="button" disabled={navigation.state === "submitting"}>
                대체 텍스트 저장
              </button>
            </div>
          </Form>

          <h2 className="media-item__subtitle">저장된 크기</h2>
          <ul className="media-item__variants">
            <li>
              <a href={item.url}>원본</a> {item.width}×{item.height} · {item.size}
            </li>
            {item.variants.map((v) => (
              <li key={v.url}>
                <a href={v.url}>WebP {v.width}px</a> {v.width}×{v.height} · {v.size}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <section className="media-item__focal" aria-labelledby="focal-title">
        <h2 id="focal-title" className="media-item__subtitle">
          공유 이미지 초점
        </h2>
        <p className="field__hint">
          카카오톡이나 SNS에 링크를 공유하면 이 사진을 가로로 긴 이미지(1200×630)로 잘라 보여 줍니다. 얼굴처럼 꼭 보여야 하는 곳을 누르면 그곳을
          가운데에 두고 자릅니다.
        </p>
        <FocalPointPicker
          key={`${item.focal.x}:${item.focal.y}`}
          image={{ width: item.width, height: item.height, src: item.pickerSrc, alt: item.alt }}
          size={item.pickerSize}
          focal={item.focal}
          typed={actionData?.values}
          errors={actionData?.fields}
        />
        {shares.length > 0 ? (
          <>
            <h3 className="media-item__subtitle">지금 공유 이미지</h3>
            <ul className="media-item__shares">
              {shares.map((share) => (
                <li key={share.key}>
                  <a href={share.src}>
                    <img src={share.src} alt={`${share.label}의 공유 이미지`} width={360} height={189} />
                  </a>
                  <span className="field__hint">{share.label}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </WorkspacePage>
  );
}
