import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "../../app/server/platform/env.server";
import { s3Settings } from "../../app/server/platform/storages.server";

describe("object storage settings (S3_*) and MEDIA_PUBLIC_URL", () => {
  it("are off by default: both storages stay on the local disk", () => {
    const env = loadEnv({ S3_BUCKET: " ", MEDIA_PUBLIC_URL: "" });
    expect(s3Settings(env)).toBeNull();
    expect(env.MEDIA_PUBLIC_URL).toBeUndefined();
    expect(env.S3_FORCE_PATH_STYLE).toBe(false);
  });

  it("take a bucket with an endpoint, region, key pair and path style", () => {
    const env = loadEnv({
      S3_BUCKET: "we-media",
      S3_ENDPOINT: "http://minio.internal:9000",
      S3_REGION: "ap-northeast-2",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
      MEDIA_PUBLIC_URL: "https://cdn.example.com/media/",
    });
    expect(s3Settings(env)).toMatchObject({ S3_BUCKET: "we-media", S3_ENDPOINT: "http://minio.internal:9000", S3_REGION: "ap-northeast-2", S3_FORCE_PATH_STYLE: true });
    // Without its trailing slash: pages write `${MEDIA_PUBLIC_URL}/<key>`.
    expect(env.MEDIA_PUBLIC_URL).toBe("https://cdn.example.com/media");
    // Amazon S3 itself, with the SDK's own credentials (an instance role).
    expect(s3Settings(loadEnv({ S3_BUCKET: "we.media.bucket" }))).toEqual({
      S3_BUCKET: "we.media.bucket",
      S3_ENDPOINT: undefined,
      S3_REGION: undefined,
      S3_ACCESS_KEY_ID: undefined,
      S3_SECRET_ACCESS_KEY: undefined,
      S3_FORCE_PATH_STYLE: false,
    });
  });

  it.each([
    [{ S3_BUCKET: "We_Media" }, "S3_BUCKET: must be a bucket name"],
    [{ S3_BUCKET: "ab" }, "S3_BUCKET: must be a bucket name"],
    [{ S3_BUCKET: "we-media", S3_ENDPOINT: "minio.internal:9000" }, "S3_ENDPOINT: must be an http:// or https:// URL"],
    [{ S3_BUCKET: "we-media", S3_ENDPOINT: "https://key:secret@s3.example.com" }, "S3_ENDPOINT: takes no credentials"],
    [{ S3_BUCKET: "we-media", S3_REGION: "Seoul Region" }, "S3_REGION: must be a region name"],
    [{ S3_BUCKET: "we-media", S3_ACCESS_KEY_ID: "AKIAEXAMPLE" }, "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together"],
    [{ S3_BUCKET: "we-media", S3_FORCE_PATH_STYLE: "sometimes" }, "S3_FORCE_PATH_STYLE: must be true or false"],
    [{ S3_ENDPOINT: "https://s3.example.com" }, "S3_ENDPOINT: is set but S3_BUCKET is not"],
    [{ MEDIA_PUBLIC_URL: "cdn.example.com" }, "MEDIA_PUBLIC_URL: must be a base URL"],
    [{ MEDIA_PUBLIC_URL: "https://cdn.example.com/media?v=1" }, "MEDIA_PUBLIC_URL: must be a base URL"],
    [{ MEDIA_PUBLIC_URL: 'https://cdn.example.com/"><script>' }, "MEDIA_PUBLIC_URL: must be a base URL"],
    [{ MEDIA_PUBLIC_URL: "javascript:alert(1)//" }, "MEDIA_PUBLIC_URL: must be a base URL"],
  ])("refuses %j with a message naming the problem", (source, expected) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(expected);
  });
});
