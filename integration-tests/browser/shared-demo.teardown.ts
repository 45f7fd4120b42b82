// jest.config.js's globalTeardown for the browser suite's shared demo (helpers/shared-demo.ts).
export { tearDownSharedDemo as default } from "./helpers/shared-demo"
