// Sharing: the page's state (editor text, pipeline, run options, the view) as JSON, deflated and base64url-encoded
// in the URL's hash (`#s=...`), so that a link reproduces the page. Dropped .npy files are not part of it.

export interface SharedState {
  readonly version: 1;
  readonly source: string;
  readonly filename: string;
  readonly pipeline: string;
  readonly run: {
    readonly kernel: string;
    readonly groups: string;
    readonly shapes: string;
    readonly seed: string;
    readonly repetitions: string;
  };
  readonly view: { readonly tab: string; readonly pass: number; readonly mode: string; readonly changedOnly: boolean };
}

async function transform(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The hash (`#s=...`) of `state`. */
export async function encodeState(state: SharedState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  return `#s=${toBase64Url(await transform(json, new CompressionStream('deflate-raw')))}`;
}

/** The state in `hash`, or undefined when it holds none (or one this page cannot read). */
export async function decodeState(hash: string): Promise<SharedState | undefined> {
  const m = /^#s=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!m) return undefined;
  try {
    const json = new TextDecoder().decode(await transform(fromBase64Url(m[1]!), new DecompressionStream('deflate-raw')));
    const state = JSON.parse(json) as SharedState;
    return state.version === 1 && typeof state.source === 'string' && typeof state.pipeline === 'string' ? state : undefined;
  } catch {
    return undefined;
  }
}
