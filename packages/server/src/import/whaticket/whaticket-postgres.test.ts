import { describeWhaticketImport } from "./fixtures/import-scenarios.js";

describeWhaticketImport("postgres");
