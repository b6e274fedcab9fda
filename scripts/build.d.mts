// Types of scripts/build.mjs for the TypeScript that imports it (the tests that run the built service).

/** A build that failed: `output` is what the compiler said about it (its errors, or all it printed). */
export declare class BuildError extends Error {
  readonly output: string;
  constructor(output: string);
}

/**
 * Brings the JavaScript of `project` (relative to `root`, by default the checkout's tsconfig.build.json) up to date
 * with `tsc -b`, one build per checkout at a time. Resolves to whether the compiler built anything.
 */
export declare function buildJavaScript(options?: {
  root?: string;
  project?: string;
  onBuilding?: () => void;
  onWaiting?: (pid: number) => void;
}): Promise<{ built: boolean }>;
