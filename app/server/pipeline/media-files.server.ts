import express, { type ErrorRequestHandler } from "express";
import type { Logger } from "../platform/logger.server";
import type { MediaStorage } from "../platform/storage.server";
import { storedMediaFiles } from "./stored-media.server";

/** /media/*: the public media, from the local folder (express.static) or from the object store. */
export function mediaFiles(storage: MediaStorage, logger: Logger): express.Router {
  const router = express.Router();
  const root = storage.localRoot;
  if (!root) {
    router.use(storedMediaFiles(storage, logger));
  } else {
    router.use(
      express.static(root, {
        index: false,
        dotfiles: "deny",
        redirect: false,
        immutable: true,
        maxAge: "365d",
        fallthrough: false,
        setHeaders(res) {
          res.setHeader("X-Content-Type-Options", "nosniff");
          res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
        },
      }),
    );
  }
  router.use(((error, _req, res, _next) => {
    const status = typeof error?.status === "number" && error.status < 500 ? error.status : 404;
    res.status(status).type("text/plain; charset=utf-8").send("파일을 찾을 수 없습니다.");
  }) satisfies ErrorRequestHandler);
  return router;
}
