export * from './members';
export * from './auth';
export * from './content';
export * from './regions';
export * from './addresses';
export * from './orders';
export * from './account';
export * from './bonus';
