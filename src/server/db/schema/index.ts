export * from './i18n';
export * from './geo';
export * from './content';
export * from './users';
export * from './catalog';
export * from './commerce';
export * from './jobs';
export * from './back-office';
