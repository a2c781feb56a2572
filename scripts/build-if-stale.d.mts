/** Types of scripts/build-if-stale.mjs, for the test that exercises it. */
export declare const BUILD_OUTPUT: string;
export declare function staleInput(root: string): string | undefined;
