// The app's declarations bring in decap-cms-core's ambient module (a nested dependency).
/// <reference types="decap-cms-app" />
