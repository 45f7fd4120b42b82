// jest.config.js's globalSetup for the browser suite's shared demo (helpers/shared-demo.ts).
export { setUpSharedDemo as default } from "./helpers/shared-demo"
