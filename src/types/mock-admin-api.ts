// Generated from spec/mock-admin.yaml by openapi-typescript: do not edit. Regenerate with `npm run types`
// (node --import tsx src/types/generate.ts); test/types/generated.test.ts fails while this file is stale.

export interface paths {
    "/__mock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The inspector page
         * @description A page of plain HTML, CSS and script that shows and drives the mock: its principals and
         *     their tokens, the world's counts and records (read through `/v1` as a chosen principal),
         *     faults, the clock, resets, sessions, the pins and checks to decide, test runs, and the
         *     request journal, live, at `/__mock/` as at `/__mock`. It holds no data of its own, so it is served to any caller; everything it shows it fetches from the routes of this
         *     document and of the API, which hold it to their rules: from another machine, the page asks
         *     for the admin secret once and keeps it in the tab's `sessionStorage`. Served with a
         *     `Content-Security-Policy` that allows only its own files and fetches to this origin, in no frame.
         *
         */
        get: operations["getMockInspector"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/inspector/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the page's own files, such as `inspector.js` or `inspector.css`. */
                file: string;
            };
            cookie?: never;
        };
        /**
         * A script or the style sheet of the inspector page
         * @description The page's script modules and style sheet, to any caller, as the page is; another name is `404 not-found`.
         */
        get: operations["getMockInspectorFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/principals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every principal, with its token
         * @description Every principal of the world: its token, kind, id, name, tenant, role, the projects it may
         *     read and change, whether it acts for end users, its expiry or revocation, and what it is in
         *     the world for. Needs no token (it hands them out): loopback callers, or others with the admin secret, addressed to this
         *     machine (see the document's description).
         *
         */
        get: operations["getMockPrincipals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts by status, and the faults set
         * @description Corrections (a superseded one as `superseded`) and suggested changes counted by status,
         *     the runs, and the faults set now. A status nothing has is left out. Loopback callers, or others with the admin secret.
         *
         */
        get: operations["getMockState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Back to the world as loaded
         * @description Forgets every write, every kept `Idempotency-Key` answer, every open approval and running
         *     check made since the start: the world is as loaded. With `--state`, the new (empty) journal
         *     is written beside the old one and renamed over it, so a reset the disk refuses is
         *     `503 state-write-failed` and leaves the old state. The faults stay as set. Takes no body.
         *     Loopback callers, or others with the admin secret, from no foreign page.
         *
         */
        post: operations["resetMock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the faults
         * @description Replaces the faults with these: every part left out is off. `{}` turns every fault off,
         *     as `DELETE` does. Faults apply to `/v1` only, never to these routes. Loopback callers, or others with the admin secret,
         *     from no foreign page.
         *
         */
        post: operations["setMockFaults"];
        /**
         * No faults
         * @description Turns every fault off. Takes no body. Loopback callers, or others with the admin secret, from no foreign page.
         */
        delete: operations["clearMockFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/approvals/{approvalId}/{decision}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `approvalId` of a suggested change waiting for a second person. */
                approvalId: components["parameters"]["ApprovalId"];
                /** @description `approve`, `reject` or `expire`; any other is `404 route-not-found`. */
                decision: components["parameters"]["Decision"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The second person's decision on a waiting pin
         * @description Decides on a pin waiting for a second person (`waiting-for-second-person`, with this
         *     `approvalId`), with the second person's own token, which needs write access to the
         *     suggested change's project: `approve` pins it (its corrections become `fixed` with
         *     `fixedIn.how: pin`, by the person who pinned); `reject` and `expire` leave it `ready` with
         *     `note.kind` `rejected` or `expired`. Either way the approval is closed: deciding it again is
         *     `404 not-found`, as is deciding one that expired by itself (with `--approval-ms`, a pin
         *     that waits that long on its world's clock expires). Approving one's own pin is `403 separate-approver-required`; a caller who may
         *     read the project but not change it gets `403 permission-denied`, and one who may not read
         *     it `404 not-found`. A decision other than the three is `404 route-not-found`. Takes no body.
         *     Loopback callers, or others with the admin secret, from no foreign page.
         *
         */
        post: operations["decideMockApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/checks/{suggestedChangeId}/finish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suggested change's id; one with no running check, or no such one, is `404 not-found`. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a running check now
         * @description Ends the suggested change's running check now: `ready` with deterministic results, or
         *     `check-failed` with `{ "fails": true }`. A suggested change loaded as `checking` stays so
         *     until this is called; one checked through the API finishes by itself after `--check-ms`.
         *     One with no running check is `404 not-found`. Loopback callers, or others with the admin secret, from no foreign page.
         *
         */
        post: operations["finishMockCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/test-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test run of a version
         * @description A test run of `version`, with a bearer token that needs write access to each correction's
         *     project: the fixed corrections it gets `wrong` reopen (`reopenedIn`, with `how`), and the
         *     reopened ones it gets `right` are fixed again. All or nothing: a correction the caller
         *     cannot read is `404 not-found`, one it may only read `403 permission-denied`, and one that
         *     cannot move so (a removed one, or one in `right` that was not reopened) is
         *     `409 already-terminal`; then nothing changed. Loopback callers, or others with the admin secret, from no foreign page.
         *
         */
        post: operations["recordMockTestRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The clock of the base world
         * @description The time the base world (the one the loaded world's own tokens reach; each session has its own clock) reads now, and whether it is frozen. It stamps writes and moves cursors'
         *     expiry, checks' ends, approvals and tokens' expiry. Loopback callers, or others with the admin secret.
         *
         */
        get: operations["getMockClock"];
        /**
         * Set the clock of the base world
         * @description Sets the base world (the one the loaded world's own tokens reach; each session has its own clock) to `now`, from where it runs on in real time, or stays put with
         *     `frozen: true` (`frozen` is false when left out: a `PUT` replaces the setting). A time before
         *     the world's newest record is `409 clock-before-world`: a write would be stamped before the
         *     record it changes. Loopback callers, or others with the admin secret, from no foreign page.
         *
         */
        put: operations["setMockClock"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the clock of the base world on
         * @description Moves the clock forward by `ms`, frozen or not: a check that comes due ends on the next
         *     request, a cursor or a kept `Idempotency-Key` answer that outlives its time is refused or
         *     forgotten, and an idle session whose TTL passes on the mock's clock ends. Loopback callers
         *     only, from no foreign page.
         *
         */
        post: operations["advanceMockClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The open sessions
         * @description Every open session, oldest first, without its tokens. Loopback callers, or others with the admin secret.
         */
        get: operations["listMockSessions"];
        put?: never;
        /**
         * Open a session, an isolated world for one test
         * @description Opens a session: a world of its own that starts as the loaded world (or, with `seed`, the
         *     world generated from that seed), with a token of its own for each principal: a random
         *     string (`<session id>_<32 hex digits>`), made from no token of any world, that only this
         *     session answers to. Those tokens reach this session's world only, and no string made from
         *     them reaches another; its writes are never seen by the base world or another session.
         *     Everything per world is its own: writes, `Idempotency-Key` answers, approvals, checks, test
         *     runs, faults (as the mock started), the clock (as the mock started) and cursors. With a
         *     seed, new ids come from the seed's sequence and cursors are sealed with a secret derived
         *     from it, so the same requests on the same frozen clock answer the same bytes. Sessions live
         *     in memory only (`--state` keeps the base world's writes). One left idle for `ttlSeconds`
         *     (30 minutes by default), measured on the mock's clock (`/__mock/clock`), ends by itself,
         *     its world freed within a second, with no request. At most 10 000 are open at once
         *     (`429 too-many-sessions`). With `corrections`, it starts at that size instead: `0` gives the
         *     world's tenants, projects, principals, agents and runs with no correction and no suggested
         *     change, and more the world generated with that many corrections (from `seed`, else the
         *     default seed 42). With `scenarios`, each is applied in order once the world is open, and
         *     the answer says what each made (`scenarios`); one refused, and no session is opened (its
         *     `400` names it in `details.scenario` and `details.name`). The body is optional. Loopback
         *     callers, or others with the admin secret, from no foreign page.
         *
         */
        post: operations["createMockSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * One open session, with its tokens
         * @description The session, as opening it answered, with its expiry moved on (this is a use of it). Loopback callers, or others with the admin secret.
         */
        get: operations["getMockSession"];
        put?: never;
        post?: never;
        /**
         * End a session
         * @description Ends the session and forgets its world: its tokens answer `401 auth-invalid` from now on.
         *     Takes no body. Loopback callers, or others with the admin secret, from no foreign page.
         *
         */
        delete: operations["endMockSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/sessions/{sessionId}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Forget a session's writes
         * @description The session's world is as it started again: every write, kept `Idempotency-Key` answer,
         *     open approval and running check it made is forgotten. Its tokens, clock and faults stay.
         *     Takes no body. Loopback callers, or others with the admin secret, from no foreign page.
         *
         */
        post: operations["resetMockSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/sessions/{sessionId}/state": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * A session's counts by status, and its faults
         * @description As `GET /__mock/state`, for the session's world. Loopback callers, or others with the admin secret.
         */
        get: operations["getMockSessionState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/sessions/{sessionId}/faults": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a session's faults
         * @description As `POST /__mock/faults`, for the requests made with the session's tokens only. Loopback callers, or others with the admin secret, from no foreign page.
         */
        post: operations["setMockSessionFaults"];
        /**
         * No faults in a session
         * @description Turns every fault of the session off. Takes no body. Loopback callers, or others with the admin secret, from no foreign page.
         */
        delete: operations["clearMockSessionFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/sessions/{sessionId}/checks/{suggestedChangeId}/finish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
                /** @description The suggested change's id; one with no running check, or no such one, is `404 not-found`. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a running check in a session now
         * @description As `POST /__mock/checks/{suggestedChangeId}/finish`, in the session's world. Loopback callers, or others with the admin secret, from no foreign page.
         */
        post: operations["finishMockSessionCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/sessions/{sessionId}/clock": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * The clock of a session
         * @description The time the session's world reads now, and whether it is frozen. It stamps writes and moves cursors'
         *     expiry, checks' ends, approvals and tokens' expiry. Loopback callers, or others with the admin secret.
         *
         */
        get: operations["getMockSessionClock"];
        /**
         * Set the clock of a session
         * @description Sets the session's world to `now`, from where it runs on in real time, or stays put with
         *     `frozen: true` (`frozen` is false when left out: a `PUT` replaces the setting). A time before
         *     the world's newest record is `409 clock-before-world`: a write would be stamped before the
         *     record it changes. Loopback callers, or others with the admin secret, from no foreign page.
         *
         */
        put: operations["setMockSessionClock"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/sessions/{sessionId}/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the clock of a session on
         * @description Moves the clock forward by `ms`, frozen or not: a check that comes due ends on the next
         *     request, a cursor or a kept `Idempotency-Key` answer that outlives its time is refused or
         *     forgotten, and an idle session whose TTL passes on the mock's clock ends. Loopback callers
         *     only, from no foreign page.
         *
         */
        post: operations["advanceMockSessionClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The last requests the mock answered
         * @description The request journal, newest first: the last `--journal` requests (1 000 by default) the
         *     mock answered, to `/v1` and to these routes, but not to the journal's own. Each entry has
         *     the request id, when it came (real time), the method, the path with its query, the status,
         *     how long it took, who made it (`principalId`, `sessionId`), the error code of a refusal,
         *     the `violations` of an answer that broke its document, the `Authorization` header masked,
         *     and the request and response bodies, 8 KB of each at most (`…Truncated` when cut).
         *     `limit` (1 to 1000, 100 by default), `status` (`404`, or a class: `4xx`) and `path` (a part
         *     of the path to look for) narrow it. Loopback callers, or others with the admin secret.
         *
         */
        get: operations["listMockRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/requests/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The requests the mock answers, as they come
         * @description Server-Sent Events: a `request` event for each request answered from now on, its data a
         *     journal entry as `GET /__mock/requests` lists them (its `id` the request id), narrowed by
         *     `status` and `path` as there. It stays open until the caller goes, or falls behind: a
         *     reader that has left more than 1 MiB (1 048 576 bytes) unread when an event comes is
         *     dropped, with a last `dropped` event whose data is `{ reason, unsentBytes, limitBytes }`
         *     (sent if it reads on within a second), and the connection is closed. Loopback callers, or
         *     others with the admin secret.
         *
         */
        get: operations["streamMockRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/suggested-changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The suggested changes of the base world, by status and project
         * @description Each suggested change of the base world, as the API would serve it: its id, derived status and
         *     title, project and open approval, in the world's order. The API lists none; this is how an
         *     operator finds, say, the pins waiting for a second person
         *     (`?status=waiting-for-second-person`). `status` is a comma list of statuses, `projectId` a
         *     project; another status is `400 bad-input`. Loopback callers, or others with the admin secret.
         *
         */
        get: operations["listMockSuggestedChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/sessions/{sessionId}/suggested-changes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * The suggested changes of a session, by status and project
         * @description Each suggested change of a session, as the API would serve it: its id, derived status and
         *     title, project and open approval, in the world's order. The API lists none; this is how an
         *     operator finds, say, the pins waiting for a second person
         *     (`?status=waiting-for-second-person`). `status` is a comma list of statuses, `projectId` a
         *     project; another status is `400 bad-input`. Loopback callers, or others with the admin secret.
         *
         */
        get: operations["listMockSessionSuggestedChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/corrections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The corrections of the base world, by state
         * @description The corrections of the base world, across every project, newest first: each one's id, status,
         *     project, subject and sorting, and, when it has them, the test run that reopened it
         *     (`reopenedIn`) and its status note. This is how an operator finds what the API's filters
         *     cannot name: the corrections a test run reopened (`?reopened=true`), or those with a note
         *     (`?note=true`). `status` is a comma list of statuses (`removed` among them; without it,
         *     every status); superseded corrections are history and never listed. At most `limit`
         *     (1 to 1000, 100 when left out), with `hasMore` when more matched. Another value of any
         *     parameter is `400 bad-input`. Loopback callers, or others with the admin secret.
         *
         */
        get: operations["listMockCorrections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/sessions/{sessionId}/corrections": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * The corrections of a session, by state
         * @description The corrections of a session, across every project, newest first: each one's id, status,
         *     project, subject and sorting, and, when it has them, the test run that reopened it
         *     (`reopenedIn`) and its status note. This is how an operator finds what the API's filters
         *     cannot name: the corrections a test run reopened (`?reopened=true`), or those with a note
         *     (`?note=true`). `status` is a comma list of statuses (`removed` among them; without it,
         *     every status); superseded corrections are history and never listed. At most `limit`
         *     (1 to 1000, 100 when left out), with `hasMore` when more matched. Another value of any
         *     parameter is `400 bad-input`. Loopback callers, or others with the admin secret.
         *
         */
        get: operations["listMockSessionCorrections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/scenarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The scenarios this mock can apply
         * @description Every scenario the mock knows, the built-in catalogue first, then the mock's own
         *     (`--scenarios FILE`, `createMock({ scenarios })`): its name, what it builds, and the JSON
         *     Schema of its parameters (`params`: an object schema; every parameter is optional, and
         *     one it does not list is refused). Touches no world. Loopback callers, or others with the admin secret.
         *
         */
        get: operations["listMockScenarios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/scenarios/{scenarioName}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A scenario's name, as `GET /__mock/scenarios` lists it; another is `404 not-found`. */
                scenarioName: components["parameters"]["ScenarioName"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a scenario to the base world
         * @description Builds the scenario's records in the base world (the one the loaded world's own tokens
         *     reach), through the same write paths and domain rules as the API, all at once: every
         *     record, or none. The body is the parameters object (`{}` or no body for the defaults).
         *     A parameter the scenario does not take, or a value of the wrong type or range, is
         *     `400 bad-input` naming it (`details.field`); a state the world cannot hold (a rule of the
         *     pages would break, or no project, principal or run fits) is `400 validation-failed` naming
         *     the rule (`details.rule`); an unknown name is `404 not-found`. Then nothing was stored.
         *     Parameters sent in the query instead of the body are `400 bad-input` (`details.parameter`),
         *     never silently ignored. Under `--state` it is one journalled write. Loopback callers, or
         *     others with the admin secret, from no foreign page.
         *
         */
        post: operations["applyMockScenario"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/sessions/{sessionId}/scenarios/{scenarioName}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
                /** @description A scenario's name, as `GET /__mock/scenarios` lists it; another is `404 not-found`. */
                scenarioName: components["parameters"]["ScenarioName"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a scenario to a session
         * @description Builds the scenario's records in the session's world only (the base world and other
         *     sessions never see them), all at once: every record, or none. The body is the parameters
         *     object (`{}` or no body for the defaults). A parameter the scenario does not take, or a
         *     value of the wrong type or range, is `400 bad-input` naming it (`details.field`); a state
         *     the world cannot hold is `400 validation-failed` naming the rule (`details.rule`); an
         *     unknown scenario or session is `404 not-found`. Then nothing was stored. Parameters sent in
         *     the query instead of the body are `400 bad-input`. Loopback callers, or others with the
         *     admin secret, from no foreign page.
         *
         */
        post: operations["applyMockSessionScenario"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The projects of the base world, with their gates and counts
         * @description Every project of the base world, in the world's order, with its name and org, its gates
         *     (`releaseGate`: whether a pin waits for a second person, or is refused when corrections
         *     newly fail; `followsLatest`: whether adding as Latest fixes corrections), and how many
         *     corrections and suggested changes it has by status (counted as `/__mock/state` counts
         *     them). The API lists no projects; this is how an app or the inspector names them.
         *     Loopback callers, or others with the admin secret.
         *
         */
        get: operations["listMockProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/sessions/{sessionId}/projects": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        /**
         * The projects of a session, with their gates and counts
         * @description Every project of a session's world, in the world's order, with its name and org, its
         *     gates (`releaseGate`, `followsLatest`) and how many corrections and suggested changes it
         *     has by status (counted as `/__mock/sessions/{sessionId}/state` counts them).
         *     Loopback callers, or others with the admin secret.
         *
         */
        get: operations["listMockSessionProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Someone or something that holds a token of the world. */
        Principal: {
            /** @description The bearer token to send as `Authorization: Bearer <token>`. */
            token: string;
            /** @enum {string} */
            kind: "user" | "service";
            /** @description A user's id, or a service token's id, as `madeBy.id` names it. */
            id: string;
            name: string;
            tenantId: string;
            /** @enum {string} */
            role: "admin" | "member";
            readableProjectIds: string[];
            writableProjectIds: string[];
            /**
             * @description Present on an app's token that corrects on behalf of its end users (`participantId`).
             * @constant
             */
            actsForEndUsers?: true;
            /**
             * Format: date-time
             * @description When the token stops working (`401 auth-expired` after it).
             */
            expiresAt?: string;
            /**
             * Format: date-time
             * @description When the token was revoked (`401 auth-revoked` after it).
             */
            revokedAt?: string;
            /** @description What the principal is in the world for. */
            purpose: string;
        };
        PrincipalList: {
            data: components["schemas"]["Principal"][];
        };
        /** @description How many corrections have each status; a superseded one counts as `superseded`, whatever its status. */
        CorrectionCounts: {
            open?: number;
            "being-fixed"?: number;
            "with-owner"?: number;
            fixed?: number;
            "wont-fix"?: number;
            removed?: number;
            superseded?: number;
        };
        /** @description How many suggested changes have each (derived) status. */
        SuggestedChangeCounts: {
            checking?: number;
            "check-failed"?: number;
            ready?: number;
            "waiting-for-second-person"?: number;
            pinned?: number;
            "added-as-latest"?: number;
            withdrawn?: number;
        };
        MockState: {
            corrections: components["schemas"]["CorrectionCounts"];
            suggestedChanges: components["schemas"]["SuggestedChangeCounts"];
            /** @description How many runs the world has. */
            runs: number;
            faults: components["schemas"]["Faults"];
            /** @description With a shared store (`--store`), the replica that answered and how far it has read the deployment's log. */
            store?: {
                /** @description Its name (`--replica-id`, else host:pid). */
                replica: string;
                /** @description The log position whose worlds it served this answer from. */
                position: number;
            };
        };
        ResetDone: {
            /** @constant */
            reset: true;
            corrections: components["schemas"]["CorrectionCounts"];
            suggestedChanges: components["schemas"]["SuggestedChangeCounts"];
            runs: number;
        };
        /** @description The faults set now, however they were set (`--fault-rate`, `--latency`, `createMock({ faults })`
         *     or `POST /__mock/faults`); a part that is absent is off.
         *      */
        Faults: {
            /** @description This share of `/v1` requests answer `503 database-busy` with `Retry-After`. */
            databaseBusy?: {
                rate: number;
                /** @description Whole seconds. */
                retryAfter: number;
            };
            /** @description Every `/v1` answer waits between `min` and `max` milliseconds. */
            latencyMs?: {
                min: number;
                max: number;
            };
            /** @description Every suggested change check started from now on fails (`check-failed`). */
            failChecks?: boolean;
        };
        FaultsSet: {
            faults: components["schemas"]["Faults"];
        };
        /**
         * @description The faults to set; each part optional. One rule the schema cannot say: `latencyMs.min` may
         *     not exceed `latencyMs.max` (`400 bad-input`).
         *
         * @example {
         *       "databaseBusy": {
         *         "rate": 0.1,
         *         "retryAfter": 2
         *       },
         *       "latencyMs": {
         *         "min": 0,
         *         "max": 300
         *       },
         *       "failChecks": true
         *     }
         */
        FaultsRequest: {
            /** @description Answer `503 database-busy` to this share of `/v1` requests. */
            databaseBusy?: {
                /** @description The share, from 0 (none) to 1 (every request). */
                rate: number;
                /** @description The answers' `Retry-After`, in whole seconds; 1 when left out. */
                retryAfter?: number;
            };
            /** @description Delay every `/v1` answer by a uniform draw between `min` and `max` milliseconds. */
            latencyMs?: {
                /** @description 0 when left out. */
                min?: number;
                max: number;
            };
            /** @description Make every suggested change check started from now on fail (`check-failed`). */
            failChecks?: boolean;
        };
        /** @description Optional, as is its one field. */
        CheckFinish: {
            /** @description End it `check-failed` instead of `ready`; false when left out. */
            fails?: boolean;
        };
        CheckFinished: {
            /** @description The suggested change whose check ended. */
            finished: string;
            /** @description Whether it ended `check-failed`. */
            fails: boolean;
        };
        /** @example {
         *       "version": "7",
         *       "how": "pin",
         *       "wrong": [
         *         "cor_3f1c9a0e2b7d4c58"
         *       ],
         *       "right": []
         *     } */
        TestRun: {
            /** @description The version the test run ran. */
            version: string;
            /**
             * @description How that version came to run, as `reopenedIn.how` (and, for `right`, `fixedIn.how`: `latest`, else `pin`) records it.
             * @enum {string}
             */
            how: "pin" | "went-back" | "unpin" | "latest";
            /** @description Fixed corrections, by id, the version gets wrong again; they reopen. */
            wrong?: string[];
            /** @description Reopened corrections, by id, the version gets right again; they are fixed again. */
            right?: string[];
        };
        TestRunRecorded: {
            corrections: components["schemas"]["Correction"][];
        };
        MockClock: {
            /**
             * Format: date-time
             * @description The time the world reads now.
             */
            now: string;
            /** @description Whether it stays put (true) or runs on in real time (false). */
            frozen: boolean;
        };
        /** @example {
         *       "now": "2026-11-30T12:00:00Z",
         *       "frozen": true
         *     } */
        ClockSetting: {
            /**
             * Format: date-time
             * @description The time to set, with its offset; not before the world's newest record.
             */
            now: string;
            /** @description Stay put at `now`; false (run on) when left out. */
            frozen?: boolean;
        };
        /** @example {
         *       "ms": 86400000
         *     } */
        ClockAdvance: {
            /** @description Whole milliseconds forward, at most ten years. */
            ms: number;
        };
        SuggestedChangeList: {
            data: {
                id: string;
                status: components["schemas"]["SuggestedChangeStatus"];
                title: string;
                projectId?: string;
                /** @description The open approval of one waiting for a second person. */
                approvalId?: string;
                /** @description Who pinned the one waiting for a second person, when the world knows (a pin of the loaded world names nobody, and any writer may approve it); anyone else who may write its project can approve it. */
                pinnedBy?: components["schemas"]["Actor"];
            }[];
        };
        CorrectionList: {
            data: components["schemas"]["ListedCorrection"][];
            /** @description More corrections matched than `limit`. */
            hasMore: boolean;
        };
        ListedCorrection: {
            id: string;
            status: components["schemas"]["CorrectionStatus"];
            projectId: string;
            subject: components["schemas"]["Subject"];
            sortedTo?: components["schemas"]["SortedTo"];
            reopenedIn?: components["schemas"]["ReopenedIn"];
            statusNote?: components["schemas"]["StatusNote"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        JournalPage: {
            data: components["schemas"]["JournalEntry"][];
        };
        JournalEntry: {
            requestId: string;
            /**
             * Format: date-time
             * @description When the request came, in real time (not the mock's clock).
             */
            at: string;
            method: string;
            /** @description The path with its query, as sent. */
            path: string;
            status: number;
            /** @description How long the answer took, in milliseconds. */
            ms: number;
            /** @description Whose token it carried, when it named someone. */
            principalId?: string;
            /** @description The session its token reached. */
            sessionId?: string;
            /** @description With a shared store (`--store`), the replica that answered it (`--replica-id`); every replica's journal lists every replica's requests. */
            replica?: string;
            /** @description The `error.code` of a refusal (4xx, 5xx). */
            errorCode?: string;
            /** @description How the answer broke its document, when it did (`response-invalid`). */
            violations?: unknown[];
            /** @description The `Authorization` header, masked: the scheme and the first characters of the token. */
            authorization?: string;
            /** @description The request body as JSON, 8 KB at most. */
            requestBody?: string;
            /** @constant */
            requestBodyTruncated?: true;
            /** @description The response body, 8 KB at most. */
            responseBody?: string;
            /** @constant */
            responseBodyTruncated?: true;
        };
        /**
         * @description Optional, as is each field.
         * @example {
         *       "name": "corrections list › filters by status",
         *       "seed": 7,
         *       "ttlSeconds": 600
         *     }
         * @example {
         *       "name": "an empty project",
         *       "corrections": 0,
         *       "scenarios": [
         *         {
         *           "name": "empty-project",
         *           "params": {
         *             "name": "Onboarding"
         *           }
         *         }
         *       ]
         *     }
         */
        SessionRequest: {
            /** @description Shown in the list, e.g. the test's name. */
            name?: string;
            /** @description Start from the world generated from this seed (at the mock's `--corrections` size);
             *     new ids come from its sequence and cursors from its secret. Seed 42 is the embedded world.
             *      */
            seed?: number;
            /** @description How long the session lives without a request, on the mock's clock; 1800 (30 minutes) when left out, at most 7 days. */
            ttlSeconds?: number;
            /** @description The world's size: `0` gives its tenants, projects, principals, agents and runs with no
             *     correction and no suggested change (the loaded world's, or the seed's); more, the world
             *     generated with that many corrections in its main tenant, from `seed` (else seed 42).
             *     The mock's own size when left out.
             *      */
            corrections?: number;
            /** @description Scenarios to apply once the world is open, in order, all or none; the answer's `scenarios` says what each made. Their `count`s added up (1 for a scenario without one) are at most 10 000, else `400 bad-input` before anything is built; a larger world is `corrections`. */
            scenarios?: components["schemas"]["SessionScenario"][];
        };
        SessionScenario: {
            /** @description A scenario's name, as `GET /__mock/scenarios` lists it. */
            name: string;
            params?: components["schemas"]["ScenarioParams"];
        };
        /** @description A session as the list shows it, without its tokens. */
        SessionSummary: components["schemas"]["SessionFields"];
        SessionFields: {
            id: string;
            name?: string;
            seed?: number;
            ttlSeconds: number;
            /**
             * Format: date-time
             * @description When it opened, on the mock's clock.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it ends unless it is used before, on the mock's clock; every request let in with one of its tokens, or made to its routes, moves it on.
             */
            expiresAt: string;
            /** @description Writes its world has taken since it opened or was reset. */
            writes: number;
        };
        /** @description A session, with a token of its own for each principal of its world. */
        Session: components["schemas"]["SessionFields"] & {
            /** @description The same entries as `GET /__mock/principals`, each with this session's own token
             *     instead of the world's: `<session id>_<32 random hex digits>`, unrelated to the
             *     principal's token, so find a principal by its `id`. The app under test changes
             *     nothing but the token it sends.
             *      */
            principals: components["schemas"]["Principal"][];
            /** @description In the answer that opened it with `scenarios`, what each made, in their order. */
            scenarios?: components["schemas"]["ScenarioApplied"][];
        };
        ScenarioList: {
            data: components["schemas"]["ScenarioListing"][];
        };
        ScenarioListing: {
            /** @description What to apply it by (`POST /__mock/scenarios/{scenarioName}`). */
            name: string;
            /** @description What it builds. */
            description: string;
            /** @description The JSON Schema of its parameters object (type object, every parameter optional, no others taken). */
            params: {
                [key: string]: unknown;
            };
        };
        /**
         * @description A scenario's parameters, as its `params` schema says; each optional, the default where left
         *     out (`{}` for every default). One the scenario does not take, or a value of the wrong
         *     type, is `400 bad-input` naming it.
         *
         * @example {
         *       "projectId": "prj_onboarding",
         *       "count": 300,
         *       "status": "open"
         *     }
         */
        ScenarioParams: {
            [key: string]: unknown;
        };
        ScenarioApplied: {
            /** @description The scenario's name. */
            scenario: string;
            /** @description The parameters as applied, every default filled in, and what the scenario chose for one left out (the project it used, the status it derived). */
            params: {
                [key: string]: unknown;
            };
            created: components["schemas"]["ScenarioCreated"];
            /** @description Principals the scenario names, by what they are to it (`madeBy`, `pinnedBy`,
             *     `mayApprove`, `admin`, `member`, …), each with the token to send: in a session, the
             *     session's own. Absent when it names none.
             *      */
            principals?: {
                [key: string]: components["schemas"]["ScenarioPrincipal"];
            };
        };
        ScenarioPrincipal: {
            /** @description The bearer token to send as `Authorization: Bearer <token>`: the session's own in a session. */
            token: string;
            /** @enum {string} */
            kind: "user" | "service";
            id: string;
            /** @enum {string} */
            role: "admin" | "member";
        };
        /** @description The ids of what the scenario made, each list in the order made. */
        ScenarioCreated: {
            corrections: string[];
            suggestedChanges: string[];
            projects: string[];
            approvals: string[];
            runs: string[];
        };
        ProjectList: {
            data: components["schemas"]["ListedProject"][];
        };
        ListedProject: {
            id: string;
            name: string;
            orgId: string;
            gates: components["schemas"]["ProjectGates"];
            counts: components["schemas"]["ProjectCounts"];
        };
        ProjectGates: {
            /**
             * @description What a pin must pass: nothing, a second person's approval (the pin waits, `waiting-for-second-person`), or no newly failing corrections.
             * @enum {string}
             */
            releaseGate: "none" | "second-person" | "refuse-newly-failing";
            /** @description The project runs its agents' Latest, so adding a suggested change as Latest fixes its corrections (`fixedIn.how` `latest`). */
            followsLatest: boolean;
        };
        ProjectCounts: {
            corrections: components["schemas"]["CorrectionCounts"];
            suggestedChanges: components["schemas"]["SuggestedChangeCounts"];
        };
        SessionList: {
            data: components["schemas"]["SessionSummary"][];
        };
        SessionEnded: {
            /** @description The id of the session that ended. */
            ended: string;
        };
        /** @description `bad-input` or `unknown-field`, in the API's error envelope. */
        BadRequestError: components["schemas"]["ErrorEnvelope"] & components["schemas"]["CodeOf400"];
        /** @description A 401 code, in the API's error envelope. */
        UnauthorizedError: components["schemas"]["ErrorEnvelope"] & components["schemas"]["CodeOf401"];
        /** @description `mock-admin-only`, `host-not-allowed` or `foreign-origin`, in the API's error envelope. */
        GuardForbiddenError: components["schemas"]["ErrorEnvelope"] & components["schemas"]["CodeOfGuard403"];
        /** @description A 403 code, in the API's error envelope. */
        ForbiddenError: components["schemas"]["ErrorEnvelope"] & components["schemas"]["CodeOf403"];
        /** @description `not-found` or `route-not-found`, in the API's error envelope. */
        NotFoundError: components["schemas"]["ErrorEnvelope"] & components["schemas"]["CodeOf404"];
        /** @description `already-terminal`, in the API's error envelope. */
        ConflictError: components["schemas"]["ErrorEnvelope"] & components["schemas"]["CodeOf409"];
        /** @description `payload-too-large`, in the API's error envelope. */
        PayloadTooLargeError: components["schemas"]["ErrorEnvelope"] & components["schemas"]["CodeOf413"];
        /** @description `unsupported-media-type`, in the API's error envelope. */
        UnsupportedMediaTypeError: components["schemas"]["ErrorEnvelope"] & components["schemas"]["CodeOf415"];
        /** @description `response-invalid` or `internal-server-error`, in the API's error envelope. */
        InternalErrorError: components["schemas"]["ErrorEnvelope"] & components["schemas"]["CodeOf500"];
        /** @description `clock-before-world`, in the API's error envelope. */
        ClockBeforeWorldError: components["schemas"]["ErrorEnvelope"] & components["schemas"]["CodeOfClock409"];
        /** @description `too-many-sessions`, in the API's error envelope. */
        TooManySessionsError: components["schemas"]["ErrorEnvelope"] & components["schemas"]["CodeOf429"];
        /** @description `state-write-failed`, in the API's error envelope. */
        StateWriteFailedError: components["schemas"]["ErrorEnvelope"] & components["schemas"]["CodeOf503"];
        /** @description `bad-input`, `unknown-field` or `validation-failed`, in the API's error envelope. */
        ScenarioRefusedError: components["schemas"]["ErrorEnvelope"] & components["schemas"]["CodeOfScenario400"];
        CodeOf400: {
            error?: {
                /** @enum {string} */
                code?: "bad-input" | "unknown-field";
            };
        };
        CodeOfScenario400: {
            error?: {
                /** @enum {string} */
                code?: "bad-input" | "unknown-field" | "validation-failed";
            };
        };
        CodeOf401: {
            error?: {
                /** @enum {string} */
                code?: "auth-missing" | "auth-invalid" | "auth-expired" | "auth-revoked";
            };
        };
        CodeOfGuard403: {
            error?: {
                /** @enum {string} */
                code?: "mock-admin-only" | "host-not-allowed" | "foreign-origin";
            };
        };
        CodeOf403: {
            error?: {
                /** @enum {string} */
                code?: "permission-denied" | "separate-approver-required" | "mock-admin-only" | "host-not-allowed" | "foreign-origin";
            };
        };
        CodeOf404: {
            error?: {
                /** @enum {string} */
                code?: "not-found" | "route-not-found";
            };
        };
        CodeOf409: {
            error?: {
                /** @constant */
                code?: "already-terminal";
            };
        };
        CodeOfClock409: {
            error?: {
                /** @constant */
                code?: "clock-before-world";
            };
        };
        CodeOf429: {
            error?: {
                /** @constant */
                code?: "too-many-sessions";
            };
        };
        CodeOf413: {
            error?: {
                /** @constant */
                code?: "payload-too-large";
            };
        };
        CodeOf415: {
            error?: {
                /** @constant */
                code?: "unsupported-media-type";
            };
        };
        CodeOf500: {
            error?: {
                /** @enum {string} */
                code?: "response-invalid" | "internal-server-error";
            };
        };
        CodeOf503: {
            error?: {
                /** @enum {string} */
                code?: "state-write-failed" | "store-unavailable";
            };
        };
        /** @description Every 4xx and 5xx answer. */
        ErrorEnvelope: {
            error: {
                /** @description A stable kebab-case code to branch on (`not-found`, `bad-input`, `database-busy`, …). New codes are only ever added. */
                code: string;
                /** @description For people; not part of the contract. */
                message: string;
                /** @description Optional; its fields depend on the code. */
                details?: {
                    [key: string]: unknown;
                };
                /** @description The request's id, also sent as the `X-Request-Id` header. */
                requestId: string;
            };
        };
        /** @description Who pinned or unpinned, a user or a service token. */
        ReleaseActor: {
            /** @enum {string} */
            kind: "user" | "service";
            id: string;
        };
        /** @description `{ values }` for a settings block, `{ template }` for a prompt block. */
        BlockContent: {
            values?: {
                [key: string]: unknown;
            };
            template?: string;
        };
        /** @description One change a suggested change makes; its `kind` decides which fields apply. `block`: a new
         *     version of a block its project's version pins (`blockId`); `from` is the block version the
         *     version it is built on pins, `to` the one it published (absent until it made one); fetching
         *     the suggested change adds `from`'s content as drafted or last rebuilt (`before`) and the
         *     new content (`after`). `code`: a deploy's whole new agent version (`deploymentId`, and
         *     `imageDigest` when the deploy named its image by digest), with no content before or after.
         *      */
        Change: {
            /** @constant */
            kind: "block";
            blockId?: string;
            from?: string;
            to?: string;
            before?: components["schemas"]["BlockContent"];
            after?: components["schemas"]["BlockContent"];
        } | {
            /** @constant */
            kind: "code";
            deploymentId?: string;
            imageDigest?: string;
        };
        /** @description How one version did on the check's cases: its test run and, once that finished, how many
         *     of the corrections it was checked on it passed (every repetition passing).
         *      */
        CheckRun: {
            /** Format: uuid */
            testRunId: string;
            passing?: number;
            of?: number;
            /** @description What its replays cost in model calls per case, in US dollars, as a decimal string; absent when the runtime reported no cost. */
            costPerConversation?: string;
        };
        /** @description Its version (`with`) and the version it is built on (`now`) run the same cases of its
         *     project's test set, frozen when the check started. A check from before suggested changes
         *     were for a project compared its version with the recorded outputs only, and has no `now`.
         *      */
        Check: {
            /**
             * @description `not-started`: it never ran; then `running`, `done` or `failed`.
             * @enum {string}
             */
            status: "not-started" | "running" | "done" | "failed";
            testSetId?: string;
            /** @description The test set version its runs ran; absent until its version ran. */
            testSetVersion?: string;
            now?: components["schemas"]["CheckRun"];
            with?: components["schemas"]["CheckRun"];
            /** @description Once both runs finished, the corrections `now` passes and `with` fails, by id. */
            newlyFailing?: string[];
            /** Format: date-time */
            startedAt?: string;
        };
        /**
         * @description Where a suggested change stands (see `SuggestedChange.status`).
         * @enum {string}
         */
        SuggestedChangeStatus: "checking" | "check-failed" | "ready" | "waiting-for-second-person" | "pinned" | "added-as-latest" | "withdrawn";
        /** @description One block changed in what a project runs, checked on the project's test set, then pinned
         *     for the project or added as its Latest.
         *      */
        SuggestedChange: {
            /** Format: uuid */
            id: string;
            agentId: string;
            /**
             * Format: uuid
             * @description The project it is for. On one made before suggested changes were for a project, its
             *     agent version's project when known; such a one can only be withdrawn
             *     (`409 suggested-change-not-for-a-project`).
             *
             */
            projectId?: string;
            /** @description The first line of `why` cut at 60 characters, then the change, e.g. `tone v2 → v3`. */
            title: string;
            /** @description Who or what made it; its `kind` decides which fields apply. `improve-run`: an Improve
             *     run (`improveRunId`, and `scheduleId` when a schedule started it). `person`: a person
             *     (`userId`). `service`: a service account (`id`). `deploy`: a deploy, for a project its
             *     new version reaches (`deploymentId`, and who deployed, `by`). `offer`: a change pinned
             *     in another project and offered to this one (`fromProjectId`, `pinChangeId`). Older ones
             *     read it from their drafter.
             *      */
            madeBy: {
                /** @constant */
                kind: "improve-run";
                improveRunId?: string;
                scheduleId?: string;
            } | {
                /** @constant */
                kind: "person";
                userId?: string;
            } | {
                /** @constant */
                kind: "service";
                id?: string;
            } | {
                /** @constant */
                kind: "deploy";
                deploymentId?: string;
                by?: components["schemas"]["ReleaseActor"];
            } | {
                /** @constant */
                kind: "offer";
                /** Format: uuid */
                fromProjectId?: string;
                pinChangeId?: string;
            };
            /** @description The agent version it is built on, what its project ran when it was made or last rebuilt (`rebuiltAt`). */
            builtOn: {
                version: string;
                /** Format: date-time */
                rebuiltAt?: string;
            };
            /** @description Its own agent version, what it is built on plus its changes; absent until it made one. It serves nothing until pinned or added as Latest. */
            version?: string;
            changes: components["schemas"]["Change"][];
            /** @description What the change should fix, and why. */
            why: string;
            /** @description The ids of the corrections it fixes, the first 100 at most; `correctionCount` counts them all. */
            fixes: string[];
            /** @description How many corrections it fixes in all, including any past the first 100. Older servers leave it out; there, count `fixes`. */
            correctionCount?: number;
            check: components["schemas"]["Check"];
            /** @description Derived, never stored, from its check, its pin and its own steps. `checking`: its
             *     check's test runs are queued or running. `check-failed`: its check failed, was
             *     cancelled or never ran (`check.status: not-started`). `ready`: its check finished, and
             *     `check` says how it did; a pin the gate refused, a second person rejected or whose
             *     approval expired leaves it `ready` with a `note`. `waiting-for-second-person`: pinned,
             *     with its approval (`approvalId`) open. `pinned`: its version was pinned for its
             *     project. `added-as-latest`: its version was added as its project's Latest.
             *     `withdrawn`: withdrawn.
             *      */
            status: components["schemas"]["SuggestedChangeStatus"];
            /** @description Why a `ready` one's pin did not go through: `gate-refused`, `rejected` by a second
             *     person, `expired` approval, or `superseded` (its project's version or release gate
             *     changed before the approval); `pinChangeId` is that pin's entry in the pin history. On
             *     a deploy's suggested change, `not-running`: the version its project runs (`version`) is
             *     not running to be checked against and has no finished run on the same cases, so its
             *     check has no `now`. Its `kind` decides which fields apply; the four pins that did not
             *     go through share one shape.
             *      */
            note?: {
                /** @enum {string} */
                kind: "gate-refused" | "rejected" | "expired" | "superseded";
                pinChangeId?: string;
            } | {
                /** @constant */
                kind: "not-running";
                version?: string;
            };
            /** @description Once `pinned`, its version, who pinned it and when. */
            pinned?: {
                version: string;
                by: components["schemas"]["ReleaseActor"];
                /** Format: date-time */
                at: string;
            };
            /** @description While `waiting-for-second-person`, the approval its pin waits on. */
            approvalId?: string;
            /** @description Once `added-as-latest`, its version, who added it as Latest, when, and why when given. */
            addedAsLatest?: {
                version: string;
                by: components["schemas"]["ReleaseActor"];
                /** Format: date-time */
                at: string;
                reason?: string;
            };
            withdrawn?: {
                by: components["schemas"]["ReleaseActor"];
                reason: string;
                /** Format: date-time */
                at: string;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description What a corrected run ran, an agent or a flow, at a version. */
        Subject: {
            /** @enum {string} */
            kind: "agent" | "flow";
            id: string;
            version: string;
        };
        ExpectedCall: {
            tool: string;
            /** @description The top-level argument fields to compare by value; fields not named are not compared,
             *     and an empty object only asks that the tool was called. At most 4000 characters as
             *     canonical JSON.
             *      */
            args: {
                [key: string]: unknown;
            };
        };
        CorrectionItem: {
            /** @description The caller's stable id for the item (a matched case's id, say), never the item's text. */
            key: string;
            /** @description Where the item sits in the run's output, as an RFC 6901 JSON Pointer such as `/matches/2`. */
            pointer?: string;
            /** @description Its place in the ranked list, 0 for the first. */
            rank?: number;
            /** @enum {string} */
            verdict: "right" | "wrong";
        };
        /** @description An authenticated principal, never a typed name. */
        Actor: {
            /** @enum {string} */
            kind: "user" | "service";
            /** @description A user's id, or for a service token the token's or session's id. */
            id: string;
        };
        /**
         * @description Where a correction stands (see `Correction.status`).
         * @enum {string}
         */
        CorrectionStatus: "open" | "being-fixed" | "with-owner" | "fixed" | "wont-fix" | "removed";
        /**
         * @description Who works on a correction (see `Correction.sortedTo`).
         * @enum {string}
         */
        SortedTo: "improve" | "developer" | "owner";
        /** @description Who or what sorted it, why, and when. */
        Sorted: {
            by: {
                /** @enum {string} */
                kind: "fix-job" | "rule";
            } | {
                /** @enum {string} */
                kind: "user" | "service";
                id: string;
            };
            reason?: string;
            /** Format: date-time */
            at: string;
        };
        /** @description What is fixing it. */
        CorrectionLink: {
            /** @enum {string} */
            kind: "improve-run" | "suggested-change";
            /** @description The Improve run's or suggested change's id, with no prefix. */
            id: string;
        } | {
            /** @enum {string} */
            kind: "pull-request";
            /** Format: uri */
            url: string;
        };
        /** @description Present while it is `fixed`, and next to `reopenedIn` once a test run reopened it. */
        FixedIn: {
            /** @description The version that fixed it; absent for `recorded-right`, where nothing needed fixing. */
            version?: string;
            /**
             * @description `pin`: a pin fixed it. `latest`: a deploy or an add moved Latest in a project that
             *     follows Latest. `recorded-right`: the correction said nothing was wrong.
             *
             * @enum {string}
             */
            how: "pin" | "latest" | "recorded-right";
            by?: components["schemas"]["Actor"];
            /** Format: date-time */
            at: string;
        };
        /** @description Present once a test run got a `fixed` correction wrong again. The correction is then `open`
         *     (or `with-owner` when sorted to the owner) and keeps its old `fixedIn` beside this. A status
         *     set by hand clears both; a re-sort alone keeps them; a test run that gets it right again
         *     makes it `fixed` with a new `fixedIn`.
         *      */
        ReopenedIn: {
            /** @description The version that gets it wrong. */
            version: string;
            /**
             * @description How the project came to run that version. `pin`: a pin. `went-back`: a pin of a version
             *     older than the one it ran just before. `unpin`: an unpin. `latest`: a deploy or an add
             *     moved Latest in a project that follows Latest.
             *
             * @enum {string}
             */
            how: "pin" | "went-back" | "unpin" | "latest";
            /** @description Who pinned, went back or unpinned; absent when Latest moved. */
            by?: components["schemas"]["Actor"];
            /** Format: date-time */
            at: string;
        };
        StatusNote: {
            text: string;
            by: components["schemas"]["Actor"];
            /** Format: date-time */
            at: string;
        };
        /** @description A person's correction of one run: whether its decisions (its tool calls) and its answer were
         *     right, and what would have been right instead. It says at least one of `decisions`,
         *     `answer` and `items`.
         *      */
        Correction: {
            id: string;
            tenantId: string;
            projectId: string;
            runId: string;
            subject: components["schemas"]["Subject"];
            /**
             * @description Whether the run's decisions were right; absent when the correction does not say.
             * @enum {string}
             */
            decisions?: "right" | "wrong";
            /** @description Only with `decisions: wrong`; the calls the agent should have made. */
            shouldCall?: components["schemas"]["ExpectedCall"][];
            /** @description Only with `decisions: wrong`; the tools it should not have called. */
            mustNotCall?: string[];
            /**
             * @description Whether the run's answer was right; absent when the correction does not say.
             * @enum {string}
             */
            answer?: "right" | "wrong";
            /** @description Only with `answer: wrong`; what it should have answered. */
            shouldSay?: string;
            why?: string;
            /** @description For an answer that is a ranked list, each item with its verdict there. */
            items?: components["schemas"]["CorrectionItem"][];
            /** @description The corrector group it is recorded under; absent when unclassified, which counts with weight 1. */
            correctorGroupId?: string;
            /** @description Present, as true, when its corrector group was restricted (`assertableBy`) at the time
             *     it was recorded, so its maker was checked against the restriction. A restriction added
             *     or lifted later does not change it.
             *      */
            expert?: boolean;
            /** @description Who made it, the authenticated caller. */
            madeBy: components["schemas"]["Actor"];
            /** @description The app's opaque id for its end user, when an app made it on that user's behalf. */
            participantId?: string;
            /** @description How far it is on the way to being fixed. `with-owner` while the agent's owner decides;
             *     `fixed` only after a pin or a deploy fixed it, or when it said nothing was wrong;
             *     `removed` is final.
             *      */
            status: components["schemas"]["CorrectionStatus"];
            /** @description Who works on it, Improve, a developer or the agent's owner; absent while unsorted. */
            sortedTo?: components["schemas"]["SortedTo"];
            sorted?: components["schemas"]["Sorted"];
            link?: components["schemas"]["CorrectionLink"];
            fixedIn?: components["schemas"]["FixedIn"];
            reopenedIn?: components["schemas"]["ReopenedIn"];
            statusNote?: components["schemas"]["StatusNote"];
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed; equal to `createdAt` until something changes it.
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @description When it was removed or superseded.
             */
            unregisteredAt?: string;
            /** @description The correction that replaced it. */
            supersededBy?: string;
        };
    };
    responses: {
        /** @description A body that is not JSON, or nests deeper than 64 levels (`bad-input`). */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["BadRequestError"];
            };
        };
        /** @description A body that is not JSON or breaks the request schema (`bad-input`), or has a field the route does not take (`unknown-field`, `details.fields`). */
        BadBody: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["BadRequestError"];
            };
        };
        /** @description The bearer token is missing or malformed (`auth-missing`), nobody's (`auth-invalid`), expired (`auth-expired`) or revoked (`auth-revoked`). */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UnauthorizedError"];
            };
        };
        /** @description A caller not on this machine without the admin secret (`mock-admin-only`), a request
         *     addressed to a `Host` that is not this machine (`host-not-allowed`, `details.host`), or a
         *     state-changing request from a page on a foreign origin (`foreign-origin`, `details.origin`).
         *      */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["GuardForbiddenError"];
            };
        };
        /** @description The caller may read the project but not change it (`permission-denied`, `details`: action,
         *     resource, reason), or approves their own pin (`separate-approver-required`); or, as on every
         *     route here, `mock-admin-only`, `host-not-allowed` or `foreign-origin`.
         *      */
        ForbiddenToCaller: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ForbiddenError"];
            };
        };
        /** @description Nothing with that id the caller may read (`not-found`), or a route that does not exist (`route-not-found`). */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NotFoundError"];
            };
        };
        /** @description A correction the test run cannot move (`already-terminal`, `details`: correctionId, status). */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ConflictError"];
            };
        };
        /** @description A body over 64 KB (`payload-too-large`). */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PayloadTooLargeError"];
            };
        };
        /** @description A state-changing request's body that is not `application/json`, or JSON in a charset or encoding the mock does not read (`unsupported-media-type`). */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UnsupportedMediaTypeError"];
            };
        };
        /** @description A bug in the mock: an answer that breaks this document (`response-invalid`; `details`: operationId, status, violations), or any other failure (`internal-server-error`); either is logged. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["InternalErrorError"];
            };
        };
        /** @description With `--state`, the disk did not take a write this request made or caused (`state-write-failed`); nothing changed, and `Retry-After` says when to try again. With `--store`, this replica cannot reach the shared store (`store-unavailable`); nothing changed unless a retry finds it done, and `Retry-After` says when to try again. */
        StateWriteFailed: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["StateWriteFailedError"];
            };
        };
        /** @description A clock before the newest record of the world (`clock-before-world`, `details.newest`): a write would be stamped before the record it changes. */
        ClockBeforeWorld: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ClockBeforeWorldError"];
            };
        };
        /** @description As many sessions are open as the mock keeps, 10 000 (`too-many-sessions`): end some, or give them a shorter `ttlSeconds`. */
        TooManySessions: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TooManySessionsError"];
            };
        };
        /** @description A body that is not a JSON object, a parameter the scenario does not take, or a value of
         *     the wrong type or range (`bad-input`, `details.field`); or a state the world cannot hold
         *     (`validation-failed`, `details.rule`): a rule of the pages would break, or no project,
         *     principal or run fits. Nothing was stored.
         *      */
        ScenarioRefused: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ScenarioRefusedError"];
            };
        };
        /** @description A body that is not JSON or breaks the request schema (`bad-input`, `details.field`), or
         *     has a field the route does not take (`unknown-field`, `details.fields`); or one of its
         *     `scenarios` was refused (`bad-input` or `validation-failed`, `details.scenario`: its index
         *     and `details.name`, with the scenario's own `field` or `rule`). No session was opened.
         *      */
        SessionRefused: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ScenarioRefusedError"];
            };
        };
    };
    parameters: {
        /** @description The `approvalId` of a suggested change waiting for a second person. */
        ApprovalId: string;
        /** @description `approve`, `reject` or `expire`; any other is `404 route-not-found`. */
        Decision: "approve" | "reject" | "expire";
        /** @description Only these statuses, a comma list (e.g. `ready,waiting-for-second-person`). */
        SuggestedChangeStatuses: string;
        /** @description Only this project's. */
        ProjectIdFilter: string;
        /** @description Only these statuses, a comma list (e.g. `open,with-owner`); `removed` may be among them. */
        CorrectionStatuses: string;
        /** @description `true`: only corrections a test run reopened (with `reopenedIn`); `false`: only the others. */
        Reopened: "true" | "false";
        /** @description `true`: only corrections with a status note; `false`: only those without. */
        HasNote: "true" | "false";
        /** @description How many at most, 1 to 1000; 100 when left out. */
        ListingLimit: number;
        /** @description How many entries at most, 1 to 1000; 100 when left out. */
        JournalLimit: number;
        /** @description Only answers with this status (`404`), or of this class (`4xx`). */
        JournalStatus: string;
        /** @description Only requests whose path (with its query) contains this. */
        JournalPath: string;
        /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
        SessionId: string;
        /** @description The suggested change's id; one with no running check, or no such one, is `404 not-found`. */
        SuggestedChangeId: string;
        /** @description A scenario's name, as `GET /__mock/scenarios` lists it; another is `404 not-found`. */
        ScenarioName: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request's id; the caller's own `X-Request-Id` when it sent a non-empty one, else `req-<uuid v4>`. */
        XRequestId: string;
        /** @description How long to wait before trying again, in whole seconds. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getMockInspector: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    /** @description Only the page's own files, and fetches to this origin; no inline script, no frame around it. */
                    "Content-Security-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    getMockInspectorFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the page's own files, such as `inspector.js` or `inspector.css`. */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, as `text/javascript` or `text/css`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    /** @description Only the page's own files, and fetches to this origin; no inline script, no frame around it. */
                    "Content-Security-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                    "text/css": string;
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    getMockPrincipals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every principal, in the world's order. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrincipalList"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    getMockState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counts and the faults. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockState"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    resetMock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reset; the counts of the world as loaded. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResetDone"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    setMockFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FaultsRequest"];
            };
        };
        responses: {
            /** @description The faults now set. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultsSet"];
                };
            };
            400: components["responses"]["BadBody"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    clearMockFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No fault is set. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultsSet"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    decideMockApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `approvalId` of a suggested change waiting for a second person. */
                approvalId: components["parameters"]["ApprovalId"];
                /** @description `approve`, `reject` or `expire`; any other is `404 route-not-found`. */
                decision: components["parameters"]["Decision"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The suggested change after the decision. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuggestedChange"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenToCaller"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    finishMockCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suggested change's id; one with no running check, or no such one, is `404 not-found`. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CheckFinish"];
            };
        };
        responses: {
            /** @description The check ended. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckFinished"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    recordMockTestRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestRun"];
            };
        };
        responses: {
            /** @description The corrections the test run changed, in the order given (`wrong`, then `right`). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestRunRecorded"];
                };
            };
            400: components["responses"]["BadBody"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenToCaller"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    getMockClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    setMockClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClockSetting"];
            };
        };
        responses: {
            /** @description The clock now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockClock"];
                };
            };
            400: components["responses"]["BadBody"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["ClockBeforeWorld"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    advanceMockClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClockAdvance"];
            };
        };
        responses: {
            /** @description The clock now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockClock"];
                };
            };
            400: components["responses"]["BadBody"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    listMockSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The open sessions. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    createMockSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SessionRequest"];
            };
        };
        responses: {
            /** @description The session, with its tokens. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["SessionRefused"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManySessions"];
            500: components["responses"]["InternalError"];
        };
    };
    getMockSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    endMockSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionEnded"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    resetMockSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reset; the counts of the session's world as it started. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResetDone"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    getMockSessionState: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counts and the faults. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockState"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    setMockSessionFaults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FaultsRequest"];
            };
        };
        responses: {
            /** @description The faults now set. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultsSet"];
                };
            };
            400: components["responses"]["BadBody"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    clearMockSessionFaults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No fault is set. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultsSet"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    finishMockSessionCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
                /** @description The suggested change's id; one with no running check, or no such one, is `404 not-found`. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CheckFinish"];
            };
        };
        responses: {
            /** @description The check ended. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckFinished"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    getMockSessionClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    setMockSessionClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClockSetting"];
            };
        };
        responses: {
            /** @description The clock now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockClock"];
                };
            };
            400: components["responses"]["BadBody"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ClockBeforeWorld"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    advanceMockSessionClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClockAdvance"];
            };
        };
        responses: {
            /** @description The clock now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MockClock"];
                };
            };
            400: components["responses"]["BadBody"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    listMockRequests: {
        parameters: {
            query?: {
                /** @description How many entries at most, 1 to 1000; 100 when left out. */
                limit?: components["parameters"]["JournalLimit"];
                /** @description Only answers with this status (`404`), or of this class (`4xx`). */
                status?: components["parameters"]["JournalStatus"];
                /** @description Only requests whose path (with its query) contains this. */
                path?: components["parameters"]["JournalPath"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entries, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JournalPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    streamMockRequests: {
        parameters: {
            query?: {
                /** @description Only answers with this status (`404`), or of this class (`4xx`). */
                status?: components["parameters"]["JournalStatus"];
                /** @description Only requests whose path (with its query) contains this. */
                path?: components["parameters"]["JournalPath"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream: `event: request`, `id: <request id>`, `data: <a JournalEntry as JSON>`; last, for a reader dropped for falling behind, `event: dropped`, `data: { "reason", "unsentBytes", "limitBytes" }`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    listMockSuggestedChanges: {
        parameters: {
            query?: {
                /** @description Only these statuses, a comma list (e.g. `ready,waiting-for-second-person`). */
                status?: components["parameters"]["SuggestedChangeStatuses"];
                /** @description Only this project's. */
                projectId?: components["parameters"]["ProjectIdFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The suggested changes the query keeps. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuggestedChangeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    listMockSessionSuggestedChanges: {
        parameters: {
            query?: {
                /** @description Only these statuses, a comma list (e.g. `ready,waiting-for-second-person`). */
                status?: components["parameters"]["SuggestedChangeStatuses"];
                /** @description Only this project's. */
                projectId?: components["parameters"]["ProjectIdFilter"];
            };
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The suggested changes the query keeps. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuggestedChangeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    listMockCorrections: {
        parameters: {
            query?: {
                /** @description Only these statuses, a comma list (e.g. `open,with-owner`); `removed` may be among them. */
                status?: components["parameters"]["CorrectionStatuses"];
                /** @description Only this project's. */
                projectId?: components["parameters"]["ProjectIdFilter"];
                /** @description `true`: only corrections a test run reopened (with `reopenedIn`); `false`: only the others. */
                reopened?: components["parameters"]["Reopened"];
                /** @description `true`: only corrections with a status note; `false`: only those without. */
                note?: components["parameters"]["HasNote"];
                /** @description How many at most, 1 to 1000; 100 when left out. */
                limit?: components["parameters"]["ListingLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The corrections the query keeps. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CorrectionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    listMockSessionCorrections: {
        parameters: {
            query?: {
                /** @description Only these statuses, a comma list (e.g. `open,with-owner`); `removed` may be among them. */
                status?: components["parameters"]["CorrectionStatuses"];
                /** @description Only this project's. */
                projectId?: components["parameters"]["ProjectIdFilter"];
                /** @description `true`: only corrections a test run reopened (with `reopenedIn`); `false`: only the others. */
                reopened?: components["parameters"]["Reopened"];
                /** @description `true`: only corrections with a status note; `false`: only those without. */
                note?: components["parameters"]["HasNote"];
                /** @description How many at most, 1 to 1000; 100 when left out. */
                limit?: components["parameters"]["ListingLimit"];
            };
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The corrections the query keeps. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CorrectionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    listMockScenarios: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scenarios. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioList"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    applyMockScenario: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A scenario's name, as `GET /__mock/scenarios` lists it; another is `404 not-found`. */
                scenarioName: components["parameters"]["ScenarioName"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ScenarioParams"];
            };
        };
        responses: {
            /** @description Applied; what it made. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioApplied"];
                };
            };
            400: components["responses"]["ScenarioRefused"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    applyMockSessionScenario: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
                /** @description A scenario's name, as `GET /__mock/scenarios` lists it; another is `404 not-found`. */
                scenarioName: components["parameters"]["ScenarioName"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ScenarioParams"];
            };
        };
        responses: {
            /** @description Applied; what it made. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioApplied"];
                };
            };
            400: components["responses"]["ScenarioRefused"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    listMockProjects: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The projects. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectList"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["StateWriteFailed"];
        };
    };
    listMockSessionProjects: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session's id (`ses_…`); one that was ended, expired or never was is `404 not-found`. */
                sessionId: components["parameters"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The projects. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectList"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
}
