import { describe, expect, it } from 'vitest';
import { inlineRuntimeConfig } from './runtime-config';

const docWith = (content: string | null) => ({
  querySelector: () => (content === null ? null : ({ getAttribute: () => content } as unknown as Element)),
});

describe('the runtime config written into index.html', () => {
  it('is read from the meta tag', () => {
    const config = inlineRuntimeConfig(docWith('{"anonKey":"k.e.y","demoMode":true,"backendOrigins":[]}'));
    expect(config).toEqual({ anonKey: 'k.e.y', demoMode: true });
  });

  it('is null when missing or unusable, so boot fetches /api/config instead', () => {
    expect(inlineRuntimeConfig(docWith(null))).toBeNull();
    expect(inlineRuntimeConfig(docWith('not json'))).toBeNull();
    expect(inlineRuntimeConfig(docWith('{"demoMode":true}'))).toBeNull();
  });
});
