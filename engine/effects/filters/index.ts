/** The filter library: catalogue, colour grades, LUT baking and application. */
export * from './catalogue';
export * from './colorGrade';
export * from './curves';
export * from './lut';
export * from './applyFilter';
