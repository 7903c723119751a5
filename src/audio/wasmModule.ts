// Compiles the voice-analyser .wasm once per page on the main thread; the compiled module is
// then handed to every worklet instance (the worklet scope has no fetch).
let cached: { url: string; module: Promise<WebAssembly.Module> } | undefined;

async function compile(url: string, fetcher: typeof fetch): Promise<WebAssembly.Module> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`could not load the voice analyser (${response.status} for ${url})`);
  // compileStreaming needs the application/wasm MIME type; fall back to bytes otherwise.
  if (
    typeof WebAssembly.compileStreaming === 'function' &&
    response.headers.get('content-type') === 'application/wasm'
  ) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

export function compileVoiceModule(url: string, fetcher: typeof fetch = fetch): Promise<WebAssembly.Module> {
  if (cached?.url !== url) {
    const module = compile(url, fetcher);
    cached = { url, module };
    // A failed compile must not be cached forever.
    module.catch(() => {
      if (cached?.module === module) cached = undefined;
    });
  }
  return cached.module;
}
