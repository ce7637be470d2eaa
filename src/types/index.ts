// `kindgi-mock/types`: the generated paths, components and operations of the API (and of the mock's own
// routes, as MockAdmin…), and names for what a client handles; types only.
import type { ERROR_STATUS } from '../domain/error-codes.ts';
import type { components } from './api.ts';
import type { components as MockAdminComponentsOf } from './mock-admin-api.ts';

export type { components, operations, paths } from './api.ts';

type Schemas = components['schemas'];

/** A correction as listed (page 001) and as PATCH and remove answer it: without the run copy. */
export type Correction = Schemas['Correction'];
/** A correction with the stored copy of its run (`run`), as GET /v1/corrections/{correctionId} and POST /v1/corrections answer it (page 000). */
export type CorrectionWithCopies = Schemas['CorrectionWithCopies'];
/** One page of GET /v1/corrections: `data`, `hasMore`, and `nextCursor` while there is more. */
export type CorrectionPage = Schemas['CorrectionPage'];
/** A suggested change (page 002); `madeBy`, `changes[]` and `note` are unions that narrow on `kind`. */
export type SuggestedChange = Schemas['SuggestedChange'];
/** The body of POST /v1/corrections: what the caller says about one run (its maker comes from the token). */
export type CorrectionCreate = Schemas['CorrectionCreate'];
/** The body of PATCH /v1/corrections/{correctionId}: a re-sort, a status set by hand, or both. */
export type CorrectionChange = Schemas['CorrectionChange'];
/** The body of POST /v1/suggested-changes/{suggestedChangeId}/withdraw: the reason, required. */
export type WithdrawRequest = Schemas['WithdrawRequest'];
/** The optional body of POST /v1/suggested-changes/{suggestedChangeId}/add-as-latest. */
export type AddAsLatestRequest = Schemas['AddAsLatestRequest'];
/** Every 4xx and 5xx body: `{ error: { code, message, details?, requestId } }`; compare `code` with ErrorCode. */
export type ErrorEnvelope = Schemas['ErrorEnvelope'];
/** An `error.code`: the codes the mock answers autocomplete, and any other string still fits, since a server only ever adds codes. */
export type ErrorCode = keyof typeof ERROR_STATUS | (string & {});

// The mock's own routes (`/__mock`, spec/mock-admin.yaml), under names of their own.

export type { components as MockAdminComponents, operations as MockAdminOperations, paths as MockAdminPaths } from './mock-admin-api.ts';

type MockAdminSchemas = MockAdminComponentsOf['schemas'];

/** An entry of GET /__mock/principals: a token of the world with who it is and what it may read and change. */
export type MockAdminPrincipal = MockAdminSchemas['Principal'];
/** GET /__mock/principals. */
export type MockAdminPrincipalList = MockAdminSchemas['PrincipalList'];
/** GET /__mock/state: counts by status and the faults set. */
export type MockAdminState = MockAdminSchemas['MockState'];
/** The body of POST /__mock/faults. */
export type MockAdminFaultsRequest = MockAdminSchemas['FaultsRequest'];
/** The body of POST /__mock/test-runs. */
export type MockAdminTestRun = MockAdminSchemas['TestRun'];
/** The optional body of POST /__mock/checks/{suggestedChangeId}/finish. */
export type MockAdminCheckFinish = MockAdminSchemas['CheckFinish'];
