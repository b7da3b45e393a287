import { recordAudit } from "../platform/audit.server";
import type { Actor, Services } from "../platform/services.server";
import { storeImage, type StoredImage } from "./media.server";

/**
 * Stores an uploaded image through the media pipeline with its audit entry. An upload changes no
 * public page until a post or an artist uses it, so it announces no change (the page cache stays).
 */
export async function uploadImage(services: Services, actor: Actor, bytes: Uint8Array, fileName = ""): Promise<StoredImage> {
  return storeImage(
    services.db,
    services.storage,
    bytes,
    (tx, mediaId) => recordAudit(tx, actor, { action: "upload", entity: "media", entityId: mediaId }),
    fileName,
  );
}
