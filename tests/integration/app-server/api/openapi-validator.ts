import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { OPENAPI_DOCUMENT } from "../../../../app/server/api/openapi.server";

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: "openapi", components: OPENAPI_DOCUMENT.components }, "openapi");

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };

/** Checks a response against what /api/openapi.json promises for that path, method and status. */
export function assertMatchesOpenApi(pathTemplate: string, method: string, status: number, body: unknown): void {
  const operation = (OPENAPI_DOCUMENT as unknown as Doc).paths[pathTemplate]?.[method.toLowerCase()];
  if (!operation) throw new Error(`OpenAPI has no ${method} ${pathTemplate}`);
  const response = operation.responses[String(status)];
  if (!response) throw new Error(`OpenAPI has no ${status} response for ${method} ${pathTemplate}`);
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) {
    if (body !== null && body !== "") throw new Error(`OpenAPI promises no body for ${status} ${method} ${pathTemplate}`);
    return;
  }
  const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
  const validate = ajv.compile(rewritten);
  if (!validate(body)) {
    throw new Error(`${method} ${pathTemplate} ${status} does not match OpenAPI: ${ajv.errorsText(validate.errors)}`);
  }
}
