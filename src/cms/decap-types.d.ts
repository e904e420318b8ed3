// decap-cms-core is a nested dependency of decap-cms-app; loading the app's declarations makes
// TypeScript see the core's ambient `declare module "decap-cms-core"` (CmsConfig, CmsField, ...).
/// <reference types="decap-cms-app" />
