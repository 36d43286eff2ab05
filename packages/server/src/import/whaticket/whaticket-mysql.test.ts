import { describeWhaticketImport } from "./fixtures/import-scenarios.js";

describeWhaticketImport("mysql");
