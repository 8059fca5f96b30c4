/**
 * gl-react-dom 5.2.1 ships no type declarations (engineering guide §B(a)). Its one export is the DOM
 * `Surface` made by gl-react's `createSurface`; the props below are the ones GLViewDOM and Surface read.
 */
declare module 'gl-react-dom' {
  import type { ComponentType, CSSProperties, ReactNode, Ref } from 'react';
  import type { Surface as GlSurface } from 'gl-react/lib/createSurface';
  import type { VisitorLike } from 'gl-react/lib/Visitor';

  export interface SurfaceProps {
    width: number;
    height: number;
    children?: ReactNode;
    pixelRatio?: number;
    style?: CSSProperties;
    preload?: unknown[];
    webglContextAttributes?: WebGLContextAttributes;
    visitor?: VisitorLike;
    onLoad?: () => void;
    onLoadError?: (error: Error) => void;
    onContextLost?: () => void;
    onContextRestored?: () => void;
    ref?: Ref<GlSurface>;
  }

  export const Surface: ComponentType<SurfaceProps>;
}
