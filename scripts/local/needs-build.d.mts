export function recordBuild(root: string): void;
export function forgetBuild(root: string): void;
export function needsBuild(root: string): boolean;
