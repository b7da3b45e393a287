import { postInputSchema } from "../../domain/schemas";
import { ApiError, validationError } from "./api.server";
import { preparePostContent } from "../posts/posts.server";

/** Validates a post body (title, content) with the admin editor's schema; content is sanitized. */
export function parsePostBody(body: Record<string, unknown>): { title: string; content: string } {
  const parsed = postInputSchema.safeParse({ title: body.title, content: body.content });
  if (!parsed.success) throw validationError(parsed.error);
  const content = preparePostContent(parsed.data.content);
  if (content === null) throw new ApiError(400, "validation_failed", "content: 내용을 입력해 주세요.");
  return { title: parsed.data.title, content };
}
