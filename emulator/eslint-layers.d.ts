import type { Linter } from 'eslint';

/** Types for eslint-layers.js, which the layering test imports. */
declare const layers: Linter.Config[];
export default layers;
