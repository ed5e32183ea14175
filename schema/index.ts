export * from './ai';
export * from './billing';
export * from './feeds';
export * from './integrations';
export * from './rules';
export * from './users';
