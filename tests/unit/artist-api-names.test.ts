import { describe, expect, it } from "vitest";
import { apiArtistInputSchema, artistInputFromApi, seedNameOf } from "../../app/server/api/api-shapes.server";
import { artistInputSchema } from "../../app/domain/schemas";

describe("the artist in the domain's words, and in the original API's", () => {
  it("an API body becomes the use case's input, lists and the English profile included", () => {
    const body = apiArtistInputSchema.parse({
      name: "한서윤",
      ename: "HAN SEO YUN",
      cm: "168",
      insta: "https://instagram.example/seoyun/",
      winList: JSON.stringify(["2025 신인상"]),
      hobbyList: ["현대무용"],
      imgList: ["/media/a.jpg"],
      en: { birthday: "March 14, 1995", schoolList: ["Korea National University of Arts"] },
      version: 3,
    });
    const { version: _version, ...rest } = body;
    const input = artistInputSchema.parse(artistInputFromApi(rest));
    expect(input).toMatchObject({
      name: "한서윤",
      nameEn: "HAN SEO YUN",
      height: "168",
      socialLink: "https://instagram.example/seoyun/",
      awards: ["2025 신인상"],
      specialSkills: ["현대무용"],
      films: [],
      imageUrls: ["/media/a.jpg"],
      en: { birthday: "March 14, 1995", education: ["Korea National University of Arts"] },
    });
    expect(artistInputFromApi({ ...rest, en: undefined })).not.toHaveProperty("en");
  });

  it("names a domain field as the API's client knows it", () => {
    expect(seedNameOf("height")).toBe("cm");
    expect(seedNameOf("en.awards")).toBe("en.winList");
    expect(seedNameOf("imageUrls")).toBe("imgList");
    expect(seedNameOf("displayOrder")).toBe("displayOrder");
  });
});
