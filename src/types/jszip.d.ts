/**
 * jszip's API as the browser code uses it. jszip's own declarations start with
 * `/// <reference types="node" />`, which would give the whole browser project Node's globals
 * (`process`, `Buffer`, `node:fs`) and hide a Node built-in used in src/; tsconfig.browser.json
 * maps 'jszip' here instead. Widen it when the code needs more of jszip.
 */
declare namespace JSZip {
  interface OutputByType {
    string: string;
    uint8array: Uint8Array;
    blob: Blob;
    arraybuffer: ArrayBuffer;
    base64: string;
  }
  type InputType = string | ArrayBuffer | Uint8Array | Blob;
  interface JSZipObject {
    name: string;
    dir: boolean;
    date: Date;
    async<T extends keyof OutputByType>(type: T): Promise<OutputByType[T]>;
  }
  interface JSZipFileOptions {
    compression?: 'STORE' | 'DEFLATE';
    binary?: boolean;
    date?: Date;
  }
  interface JSZipGeneratorOptions<T extends keyof OutputByType> {
    type: T;
    compression?: 'STORE' | 'DEFLATE';
    mimeType?: string;
  }
}

declare class JSZip {
  files: Record<string, JSZip.JSZipObject>;
  file(path: string): JSZip.JSZipObject | null;
  file(path: string, data: JSZip.InputType | Promise<JSZip.InputType>, options?: JSZip.JSZipFileOptions): this;
  generateAsync<T extends keyof JSZip.OutputByType>(options: JSZip.JSZipGeneratorOptions<T>): Promise<JSZip.OutputByType[T]>;
  static loadAsync(data: JSZip.InputType | Promise<JSZip.InputType>): Promise<JSZip>;
}

export default JSZip;
