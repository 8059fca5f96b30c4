import sharp from 'sharp';

/**
 * Process-wide settings of libvips (through sharp), made once by createRuntime for the server, the workers and the
 * heavy-work threads alike (libvips is one library per process).
 *
 * No operation cache: sharp keeps up to 50 MB of recent operations' pixels by default, for a program that runs
 * the same operations on the same input again. The server never does (every task reads another photo), so the cache
 * was only resident memory on top of each cut-out's own peak (issue 15, item 4; bench:removebg-server).
 */
export function configureImageLibrary(): void {
  sharp.cache(false);
}
