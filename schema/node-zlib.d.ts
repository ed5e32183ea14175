// The two functions of node:zlib the schema uses (workerd provides node:zlib under nodejs_compat; the
// Worker's types leave Node's out). Node's own declarations merge with these where they are loaded.
declare module 'node:zlib' {
  export function deflateRawSync(data: Uint8Array): Uint8Array;
  export function inflateRawSync(data: Uint8Array): Uint8Array;
}
