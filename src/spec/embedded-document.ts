// The API's document as data (spec/openapi.json, which `npm run types` writes from
// spec/openapi.yaml and a test keeps fresh): for where no file can be read, as in a browser.
import document from '../../spec/openapi.json' with { type: 'json' };
import type { OpenApiDocument } from './openapi-types.ts';

/** One object per process, so that its validators are compiled once (validators.ts); never change it. */
export const embeddedDocument = (): OpenApiDocument => document as unknown as OpenApiDocument;
