import type { AppDeps } from '../app-env';

/**
 * What GET /api/config answers, as a `<meta name="tuneful-config">` for index.html: the app
 * reads it at boot instead of fetching it first, which took a round trip off the first paint.
 * `/api/config` stays for the dev server (Vite serves its own index.html) and other clients.
 */
export function runtimeConfig(deps: AppDeps) {
  return {
    anonKey: deps.keys.anonKey,
    demoMode: deps.config.demoMode,
    // The other backends /admin may switch to: the CSP lets the app connect to these only.
    backendOrigins: deps.config.backendOrigins,
  };
}

export function runtimeConfigMeta(deps: AppDeps): string {
  const json = JSON.stringify(runtimeConfig(deps)).replace(/[&"<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<meta name="tuneful-config" content="${json}">`;
}
