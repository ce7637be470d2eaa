// Generated from spec/openapi.yaml by openapi-typescript: do not edit. Regenerate with `npm run types`
// (node --import tsx src/types/generate.ts); test/types/generated.test.ts fails while this file is stale.

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers while the server runs. Needs no token.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document, as JSON
         * @description The OpenAPI document the server answers by. Needs no token.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/corrections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List corrections
         * @description Corrections, newest first, a page at a time (keyset cursor). Superseded corrections never
         *     appear; removed ones appear only when `status` names `removed`. Filters narrow by run, agent
         *     (and its version), flow, status, sorting, who made them, when, corrector group or
         *     participant; `scopeKind` with `scopeId` narrows to an org or a project. A correction is
         *     listed only when the caller may read its project.
         *
         */
        get: operations["listCorrections"];
        put?: never;
        /**
         * Correct a run
         * @description Records what the caller says about one finished run. Who made it comes from the token, never
         *     from the body. The first correction of a run stores the copy of the run (`run`) that later
         *     corrections of it share. One live correction per run, caller and participant: a new one
         *     supersedes the earlier one. A correction that says nothing was wrong is `fixed` at once
         *     (`fixedIn.how: recorded-right`); any other starts `open`.
         *
         */
        post: operations["createCorrection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/corrections/{correctionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The correction's id. */
                correctionId: components["parameters"]["CorrectionId"];
            };
            cookie?: never;
        };
        /**
         * Fetch a correction with its copies
         * @description The correction, live or not, with the stored copy of the run's input and output.
         */
        get: operations["getCorrection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Re-sort a correction or change its status
         * @description Re-sorts the correction (`sortedTo`, with an optional `reason`: sets `sorted` to the caller
         *     and now) and/or sets its status by hand (`status`, with an optional `note` that becomes
         *     `statusNote`). `fixed` and `removed` cannot be set by hand, and `with-owner` needs the
         *     correction sorted to the owner. A status set by hand clears `fixedIn` and `reopenedIn`; a
         *     re-sort alone keeps them. A removed or superseded correction cannot change (409).
         *
         */
        patch: operations["changeCorrection"];
        trace?: never;
    };
    "/v1/corrections/{correctionId}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The correction's id. */
                correctionId: components["parameters"]["CorrectionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a correction
         * @description Makes the correction `removed` and sets `unregisteredAt`. A removed correction cannot come
         *     back; removing it again changes nothing and answers the same correction.
         *
         */
        post: operations["removeCorrection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/suggested-changes/{suggestedChangeId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suggested change's id, a UUID. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        /**
         * Fetch a suggested change
         * @description The suggested change, with its block's content before and after on each block change
         *     (`changes[].before`, `changes[].after`); `before` is the block as the change was drafted or
         *     last rebuilt. Needs `read` on its agent.
         *
         */
        get: operations["getSuggestedChange"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/suggested-changes/{suggestedChangeId}/check": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suggested change's id, a UUID. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a suggested change again
         * @description Starts its check again: its version and the version it is built on run the same cases of
         *     its project's test set, frozen as the check starts. It is `checking` until both runs end,
         *     then `ready` (or `check-failed`).
         *
         */
        post: operations["checkSuggestedChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/suggested-changes/{suggestedChangeId}/pin": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suggested change's id, a UUID. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pin a suggested change's version for its project
         * @description From `ready`: pins its version for its project. The project's release gate may pin it at
         *     once (`pinned`; its corrections become `fixed` with `fixedIn.how: pin`), wait for a second
         *     person (`waiting-for-second-person`, with `approvalId`), or refuse (it stays `ready` with
         *     `note.kind: gate-refused`).
         *
         */
        post: operations["pinSuggestedChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/suggested-changes/{suggestedChangeId}/add-as-latest": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suggested change's id, a UUID. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a suggested change's version as its project's Latest
         * @description From `ready`: adds its version as its project's Latest (`added-as-latest`). In a project
         *     that follows Latest, its corrections become `fixed` with `fixedIn.how: latest`.
         *
         */
        post: operations["addSuggestedChangeAsLatest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/suggested-changes/{suggestedChangeId}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suggested change's id, a UUID. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw a suggested change
         * @description Withdraws it, with a reason (`withdrawn`). A suggested change with no project can only be
         *     withdrawn. The corrections it was fixing go back to `open`, unless a person changed them
         *     since.
         *
         */
        post: operations["withdrawSuggestedChange"];
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
        /** @description An authenticated principal, never a typed name. */
        Actor: {
            /** @enum {string} */
            kind: "user" | "service";
            /** @description A user's id, or for a service token the token's or session's id. */
            id: string;
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
        /** @description A correction with the stored copy of the run it corrects. */
        CorrectionWithCopies: components["schemas"]["Correction"] & {
            run: components["schemas"]["RunCopy"];
        };
        CorrectionPage: {
            data: components["schemas"]["Correction"][];
            /** @description Opaque; pass it back as `cursor` for the next page. Absent when `hasMore` is false. */
            nextCursor?: string;
            hasMore: boolean;
        };
        /** @description The copy of a corrected run's input and output, taken when the run was first corrected and
         *     shared by every correction of it. `replayOf` sits here, on the run, rather than in
         *     `context`: it says what the run was (a comparison's replay of another run), not what a
         *     replay of it needs.
         *      */
        RunCopy: {
            runId: string;
            subject: components["schemas"]["Subject"];
            /** @description The run's input, as it came. */
            input: unknown;
            context?: components["schemas"]["RunContext"];
            /** @description When the corrected run is a comparison's replay, the run it re-ran, stamped at its
             *     first correction. A test set built from corrections leaves replays out.
             *      */
            replayOf?: string;
            /** @description The run's output, as it came. */
            output: unknown;
            /** @description The segment path the run started with (empty when none). Absent for runs corrected before it was recorded. */
            segments?: {
                /** @description Lowercase, shaped like an identifier, e.g. `company`, `contact-role`. */
                key: string;
                value: string;
            }[];
            /** Format: date-time */
            capturedAt: string;
        };
        /** @description What a corrected run needs, besides its input, to be replayed, captured at its first
         *     correction. An agent turn: the conversation before it, what its retrievals returned, and
         *     the decision at its session approval gate. A flow run: its tool calls and their results.
         *     Both: the env values its tools were sent.
         *      */
        RunContext: {
            /** @description The conversation's messages before the turn, oldest first; at most the last 200. */
            history?: unknown[];
            /** @description Whether older messages were left out of `history`. */
            historyTruncated?: boolean;
            /** @description What the turn's retrievals returned. */
            retrieved?: unknown;
            /** @description Messages of earlier conversations that the turn recalled, as they were quoted to the model. */
            recalled?: unknown;
            /** @description The reviewer's decision at the turn's session approval gate, when it waited on one; a replay follows it. */
            sessionApproval?: {
                approved: boolean;
                /** @description Why the reviewer rejected it. */
                rationale?: string;
            };
            flow?: components["schemas"]["FlowRecord"];
            /** @description By tool id, the env values (`needsSpec.env`) its first call was sent, as the run
             *     recorded them; a replay sends them to a read-only tool it runs live, so the tool sees
             *     the run's config rather than today's. Absent for runs from before env was recorded.
             *      */
            toolEnv?: {
                [key: string]: {
                    [key: string]: string;
                };
            };
        };
        /** @description For a flow run, what it did, kept at its first correction so it can be replayed: each tool
         *     call with its result (at tool nodes, in agent steps' turns and in sub-flows), at most 500,
         *     and its agent steps.
         *      */
        FlowRecord: {
            calls: {
                /** @description The run that made the call, the flow run, a sub-flow's run or an agent step's turn. */
                runId: string;
                /** @description The tool node that made it, or the agent step whose turn did. */
                nodeId?: string;
                /** @description The loop iteration, inside a loop body. */
                scope?: string;
                toolId: string;
                /** @description The call's arguments. */
                arguments?: unknown;
                /** @description The call's result. */
                result?: unknown;
                /** @description An agent step's turn kept this result as outside data (another system's answer
                 *     to a paused call, or a result its tool marks as outside data); a replay hands it
                 *     to the model as data, as the turn did. Absent for a tool node's call and for runs
                 *     corrected before the mark was kept.
                 *      */
                fromEvent?: boolean;
            }[];
            steps: {
                runId: string;
                nodeId?: string;
                scope?: string;
                agentId: string;
                agentVersion: string;
                /** @description What the step's turn retrieved. */
                retrieved?: unknown;
                /** @description Messages of earlier conversations that the step's turn recalled. */
                recalled?: unknown;
            }[];
            /** @description More calls were made than were kept. */
            truncated?: boolean;
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
         * @description Where a correction stands (see `Correction.status`).
         * @enum {string}
         */
        CorrectionStatus: "open" | "being-fixed" | "with-owner" | "fixed" | "wont-fix" | "removed";
        /**
         * @description Who works on a correction (see `Correction.sortedTo`).
         * @enum {string}
         */
        SortedTo: "improve" | "developer" | "owner";
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
        /** @description What the caller says about one run. The maker comes from the token, so `madeBy` here is an
         *     unknown field. It says at least one of `decisions`, `answer` and `items`; `shouldCall` and
         *     `mustNotCall` only with `decisions: wrong`, `shouldSay` only with `answer: wrong`. Each
         *     rule of `allOf` is named by its `x-rule`, the rule the mock answers a body that breaks it
         *     with (`400 validation-failed`, `details.violations[].rule`).
         *      */
        CorrectionCreate: {
            runId: string;
            /** @enum {string} */
            decisions?: "right" | "wrong";
            shouldCall?: components["schemas"]["ExpectedCall"][];
            mustNotCall?: string[];
            /** @enum {string} */
            answer?: "right" | "wrong";
            shouldSay?: string;
            why?: string;
            items?: (components["schemas"]["CorrectionItem"] & {
                pointer?: string;
                rank?: number;
            })[];
            correctorGroupId?: string;
            /** @description The app's opaque id for the end user it corrects for. */
            participantId?: string;
        } & (({
            decisions: unknown;
        } | {
            answer: unknown;
        } | {
            items: unknown;
        }) & unknown & unknown & unknown);
        /** @description A re-sort, a status set by hand, or both. Each rule of `allOf` is named by its `x-rule`;
         *     the mock answers a body that breaks one `400 bad-input`.
         *      */
        CorrectionChange: {
            sortedTo?: components["schemas"]["SortedTo"];
            /** @description Why it was sorted so; only with `sortedTo`. */
            reason?: string;
            /**
             * @description `fixed` and `removed` cannot be set by hand; `with-owner` needs it sorted to the owner:
             *     with a `sortedTo` beside it, that one is `owner`; without, the correction must already
             *     be (else `400 bad-input`, `details.rule: with-owner-needs-owner`).
             *
             * @enum {string}
             */
            status?: "open" | "being-fixed" | "with-owner" | "wont-fix";
            /** @description Becomes `statusNote`; only with `status`. */
            note?: string;
        } & (unknown & unknown & unknown);
        AddAsLatestRequest: {
            reason?: string;
        };
        WithdrawRequest: {
            reason: string;
        };
    };
    responses: {
        /** @description A query parameter the operation does not document, a malformed parameter or body (`bad-input`, `unknown-field`, `scope-invalid`, or a broken rule). */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Cache-Control": components["headers"]["CacheControl"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The bearer token is missing, malformed, expired or revoked. */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Cache-Control": components["headers"]["CacheControl"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The caller may read this but not change it (`permission-denied`), or may not assert for the corrector group. */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Cache-Control": components["headers"]["CacheControl"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Nothing with that id that the caller may read. */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Cache-Control": components["headers"]["CacheControl"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Not allowed in its current state, or an idempotency key reused with another body. */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Cache-Control": components["headers"]["CacheControl"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The database was too busy to answer in time (`database-busy`); `Retry-After` says when to try again. The mock also answers `state-write-failed` when `--state` could not put a write on disk. A replica answers `store-unavailable` to every request, `/__mock` and `/health` too, while it cannot reach its shared store (`--store`). */
        DatabaseBusy: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Cache-Control": components["headers"]["CacheControl"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The suggested change after the action. */
        SuggestedChangeResult: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Cache-Control": components["headers"]["CacheControl"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["SuggestedChange"];
            };
        };
    };
    parameters: {
        /** @description The correction's id. */
        CorrectionId: string;
        /** @description The suggested change's id, a UUID. */
        SuggestedChangeId: string;
        /** @description Makes a retry safe. For 24 hours the server keeps the first answer below 400 to this key
         *     (per tenant, caller, method and path) and sends it again, byte for byte, with
         *     `X-Idempotent-Replay: true`; the same key with another body answers
         *     `409 idempotency-key-body-mismatch`.
         *      */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request's id; the caller's own `X-Request-Id` when it sent a non-empty one, else `req-<uuid v4>`. */
        XRequestId: string;
        /** @description Every `/v1` answer is `no-store`. */
        CacheControl: "no-store";
        /** @description How long to wait before trying again, in whole seconds. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server is up. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description A query parameter /health does not take (`bad-input`, naming it); see x-inferred-behaviours. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                        info: {
                            [key: string]: unknown;
                        };
                        paths: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listCorrections: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. 25 when absent. */
                limit?: number;
                /** @description The previous page's `nextCursor`, passed back unchanged. A runtime that seals cursors
                 *     accepts one only for the same list, the same filters and the same caller, for a day;
                 *     any other gets `400 bad-input`, and the client starts the list again without a cursor.
                 *     Without it, the first page.
                 *      */
                cursor?: string;
                /** @description Only corrections of this run. */
                runId?: string;
                /** @description Only corrections of runs of this agent. */
                agentId?: string;
                /** @description Only corrections of runs of this version of the agent. Only together with `agentId` (see `x-dependentRequired`). */
                agentVersion?: string;
                /** @description Only corrections of runs of this flow. */
                flowId?: string;
                /** @description Only corrections in these statuses: one or several, as repeated parameters or one
                 *     comma-separated value. `not-fixed` stands for `open`, `being-fixed` and `with-owner`.
                 *     Removed corrections are listed only when `removed` is named.
                 *      */
                status?: ("not-fixed" | "open" | "being-fixed" | "with-owner" | "fixed" | "wont-fix" | "removed")[];
                /** @description Only corrections sorted to these (repeated or comma-separated); `none` stands for the
                 *     unsorted ones.
                 *      */
                sortedTo?: ("none" | "improve" | "developer" | "owner")[];
                /** @description `experts`: only corrections recorded under a restricted corrector group. `end-users`:
                 *     only those an app made for its end users (with a `participantId`) and not by experts.
                 *     `all`, the default: every correction.
                 *      */
                from?: "experts" | "end-users" | "all";
                /** @description `me`: only corrections the caller made. */
                madeBy?: "me";
                /** @description Only corrections made at this time or later. */
                since?: string;
                /** @description Only corrections made before this time. */
                until?: string;
                /** @description Only corrections recorded under this corrector group. */
                correctorGroupId?: string;
                /** @description Only corrections made for the app end user with this opaque id. */
                participantId?: string;
                /** @description Picks the scope of the `scopeKind` + `scopeId` + `inherit` triplet. `tenant` takes no id
                 *     (the workspace comes from the token); `org` and `project` need `scopeId`. Absent: no
                 *     scope filter. Any other value answers `400 scope-invalid`.
                 *      */
                scopeKind?: "tenant" | "org" | "project";
                /** @description The org's or project's id. Needed when `scopeKind` is `org` or `project`, and not
                 *     allowed with `tenant`. Any other combination, or an empty id, answers
                 *     `400 scope-invalid`.
                 *      */
                scopeId?: string;
                /** @description The third of the scope triplet the page names. The platform's scope parser takes it on
                 *     every list that takes a scope: `true` or `false`, and anything else answers
                 *     `400 scope-invalid`. On a content list like this one it changes nothing: `true`, `false`
                 *     and no `inherit` list the same corrections.
                 *      */
                inherit?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of corrections. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CorrectionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["DatabaseBusy"];
        };
    };
    createCorrection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe. For 24 hours the server keeps the first answer below 400 to this key
                 *     (per tenant, caller, method and path) and sends it again, byte for byte, with
                 *     `X-Idempotent-Replay: true`; the same key with another body answers
                 *     `409 idempotency-key-body-mismatch`.
                 *      */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CorrectionCreate"];
            };
        };
        responses: {
            /** @description The new correction with its copies. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CorrectionWithCopies"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["DatabaseBusy"];
        };
    };
    getCorrection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The correction's id. */
                correctionId: components["parameters"]["CorrectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The correction with its copies. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CorrectionWithCopies"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description No correction with that id in this workspace (or none the caller may read). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            503: components["responses"]["DatabaseBusy"];
        };
    };
    changeCorrection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe. For 24 hours the server keeps the first answer below 400 to this key
                 *     (per tenant, caller, method and path) and sends it again, byte for byte, with
                 *     `X-Idempotent-Replay: true`; the same key with another body answers
                 *     `409 idempotency-key-body-mismatch`.
                 *      */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The correction's id. */
                correctionId: components["parameters"]["CorrectionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CorrectionChange"];
            };
        };
        responses: {
            /** @description The changed correction. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Correction"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["DatabaseBusy"];
        };
    };
    removeCorrection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe. For 24 hours the server keeps the first answer below 400 to this key
                 *     (per tenant, caller, method and path) and sends it again, byte for byte, with
                 *     `X-Idempotent-Replay: true`; the same key with another body answers
                 *     `409 idempotency-key-body-mismatch`.
                 *      */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The correction's id. */
                correctionId: components["parameters"]["CorrectionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed correction. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Correction"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["DatabaseBusy"];
        };
    };
    getSuggestedChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suggested change's id, a UUID. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The suggested change. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuggestedChange"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description No suggested change with that id, or none the caller may read. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            503: components["responses"]["DatabaseBusy"];
        };
    };
    checkSuggestedChange: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe. For 24 hours the server keeps the first answer below 400 to this key
                 *     (per tenant, caller, method and path) and sends it again, byte for byte, with
                 *     `X-Idempotent-Replay: true`; the same key with another body answers
                 *     `409 idempotency-key-body-mismatch`.
                 *      */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The suggested change's id, a UUID. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["SuggestedChangeResult"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["DatabaseBusy"];
        };
    };
    pinSuggestedChange: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe. For 24 hours the server keeps the first answer below 400 to this key
                 *     (per tenant, caller, method and path) and sends it again, byte for byte, with
                 *     `X-Idempotent-Replay: true`; the same key with another body answers
                 *     `409 idempotency-key-body-mismatch`.
                 *      */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The suggested change's id, a UUID. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["SuggestedChangeResult"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["DatabaseBusy"];
        };
    };
    addSuggestedChangeAsLatest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe. For 24 hours the server keeps the first answer below 400 to this key
                 *     (per tenant, caller, method and path) and sends it again, byte for byte, with
                 *     `X-Idempotent-Replay: true`; the same key with another body answers
                 *     `409 idempotency-key-body-mismatch`.
                 *      */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The suggested change's id, a UUID. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AddAsLatestRequest"];
            };
        };
        responses: {
            200: components["responses"]["SuggestedChangeResult"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["DatabaseBusy"];
        };
    };
    withdrawSuggestedChange: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe. For 24 hours the server keeps the first answer below 400 to this key
                 *     (per tenant, caller, method and path) and sends it again, byte for byte, with
                 *     `X-Idempotent-Replay: true`; the same key with another body answers
                 *     `409 idempotency-key-body-mismatch`.
                 *      */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The suggested change's id, a UUID. */
                suggestedChangeId: components["parameters"]["SuggestedChangeId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WithdrawRequest"];
            };
        };
        responses: {
            200: components["responses"]["SuggestedChangeResult"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["DatabaseBusy"];
        };
    };
}
