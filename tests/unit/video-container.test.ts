import { describe, expect, it } from "vitest";
import { checkVideoContainer, VideoContainerChecker, VideoContainerError } from "../../app/server/auditions/video-container.server";
import { HOSTILE_VIDEOS, tinyMov, tinyMp4 } from "../fixtures/videos";

describe("video container check (by the bytes, while streaming)", () => {
  it("takes MP4 and QuickTime files", () => {
    expect(checkVideoContainer(tinyMp4())).toBe("mp4");
    expect(checkVideoContainer(tinyMov())).toBe("mov");
  });

  it("gives the same answer whatever the chunk boundaries (headers split across chunks)", () => {
    const file = tinyMov(3000);
    for (const size of [1, 3, 7, 8, 13, 64, 1000]) {
      const checker = new VideoContainerChecker();
      for (let i = 0; i < file.length; i += size) checker.push(file.subarray(i, i + size));
      expect(checker.finish()).toBe("mov");
    }
  });

  it("reads 64-bit box sizes", () => {
    const mp4 = tinyMp4(100);
    // Rewrite the mdat box (the last one) with a 64-bit size.
    const mdatAt = mp4.length - 108;
    const large = new Uint8Array(16 + 100);
    const view = new DataView(large.buffer);
    view.setUint32(0, 1);
    large.set(Buffer.from("mdat", "latin1"), 4);
    view.setBigUint64(8, BigInt(116));
    const file = new Uint8Array(Buffer.concat([mp4.subarray(0, mdatAt), large]));
    expect(checkVideoContainer(file)).toBe("mp4");
  });

  for (const [name, bytes] of Object.entries(HOSTILE_VIDEOS)) {
    it(`refuses: ${name}`, () => {
      expect(() => checkVideoContainer(bytes)).toThrow(VideoContainerError);
    });
  }
});
