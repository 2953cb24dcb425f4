declare const __WORKBENCH_BUILD__: { version: string; commit: string; time: string | null } | undefined;

/** Version, commit and build time, put in by vite.config.ts's `define`; 'dev' outside a build. */
export const BUILD_INFO: { version: string; commit: string; time: string | null } =
  typeof __WORKBENCH_BUILD__ !== 'undefined'
    ? __WORKBENCH_BUILD__
    : { version: 'dev', commit: 'dev', time: null };
