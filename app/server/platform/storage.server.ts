import fs from "node:fs/promises";
import path from "node:path";

/** Where stored uploads live. Local disk now; an object store can implement the same interface. */
export interface MediaStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  delete(key: string): Promise<void>;
  /** Absolute file path for local serving, when the storage is local. */
  localRoot: string | null;
}

/** Public URL path of a stored object. Keys are server-generated, never user file names. */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

/** Storage key from a `/media/...` URL of ours, or null for anything else. */
export function mediaKeyFromUrl(url: string): string | null {
  const match = /^\/media\/(\d{4}\/\d{2}\/[0-9a-f]{32}(?:-\d+)?\.(?:jpg|png|webp|avif|gif))$/.exec(url);
  return match?.[1] ?? null;
}

export function createLocalStorage(root: string): MediaStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  return {
    localRoot: root,
    async put(key, bytes) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
