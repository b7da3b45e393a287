import { Form, Link } from "react-router";
import type { Route } from "./+types/media";
import { MediaUses } from "../../../components/admin/media-uses";
import { Pagination } from "../../../components/pagination";
import { MEDIA_USE_FILTER_LABELS, MEDIA_USE_FILTERS } from "../../../domain/media-uses";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { loadMediaLibrary } from "./media.server";
import { FilterSearch, FilterSelect, WorkspacePage, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { workspaceMeta } from "../../../lib/workspace-meta";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadMediaLibrary(getRequestContext(context), request);
}

export function meta() {
  return workspaceMeta("미디어");
}

/** /admin/media: every uploaded image, newest first, with its size and where it is used. */
export default function MediaLibrary({ loaderData }: Route.ComponentProps) {
  const { filter, query, items, page, pageCount, total } = loaderData;
  return (
    <WorkspacePage id="media" title="미디어">
      <p className="workspace-help">올린 이미지를 모두 모아 보여 줍니다. 각 이미지 아래에 대체 텍스트나 올릴 때의 파일 이름이 보이고, 그 이름으로 찾을 수 있습니다. 이미지를 누르면 대체 텍스트를 고치거나 삭제할 수 있습니다.</p>

      <Form method="get" className="workspace-filter" role="search" aria-label="이미지 거르기">
        <FilterSearch label="검색 (파일 이름·대체 텍스트)" name="q" value={query} />
        <FilterSelect
          label="사용 여부"
          name="use"
          value={filter}
          options={MEDIA_USE_FILTERS.map((f) => ({ value: f, label: MEDIA_USE_FILTER_LABELS[f] }))}
          any={null}
        />
        <button type="submit" className="button">
          보기
        </button>
      </Form>

      <p className="workspace-count" role="status">
        {total}개의 이미지
      </p>
      <WorkspaceTable label="이미지 목록" className="media-table" columns={["이미지", "크기", "업로드 일시", "사용처"]} rowCount={items.length} empty="조건에 맞는 이미지가 없습니다.">
        {items.map((item) => (
          <tr key={item.id}>
            <th scope="row" className="workspace-table__title">
              {/* The name under the thumbnail (WordPress's grid): alt text, else the upload's file name. */}
              <Link to={item.href} className="media-table__link">
                <img src={item.thumbnail} alt="" width={64} height={64} loading="lazy" className="media-thumb media-thumb--square" />
                <span className="media-table__name">{item.name}</span>
              </Link>
              <span className="workspace-table__sub">{item.alt && item.fileName ? `${item.fileName} · #${item.id}` : `#${item.id}`}</span>
            </th>
            <td data-label="크기">
              {item.width}×{item.height}
              <span className="workspace-table__sub">{item.size}</span>
            </td>
            <td data-label="업로드 일시">{item.uploadedAt}</td>
            <td data-label="사용처">
              <MediaUses uses={item.uses} />
            </td>
          </tr>
        ))}
      </WorkspaceTable>
      <Pagination page={page} pageCount={pageCount} param="page" label="이미지 목록 쪽 이동" />
    </WorkspacePage>
  );
}
