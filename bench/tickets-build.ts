// Builds (or checks) the bench:tickets dataset on each database of BENCH_DATABASES without timing
// anything, so that a long build (BENCH_SCALE=10: 1M tickets, 10M messages) can run outside the
// bench lock. Prints the build time and the disk it takes per million messages.
import { databases, datasetName, prepareDataset, spec } from "./support/dataset-server.js";

const mebibyte = 1024 * 1024;

for (const target of databases) {
  const { dataset } = await prepareDataset(target);
  const { messages_bytes: messagesBytes = 0, database_bytes: databaseBytes = 0, messages = 0 } = dataset.counts;
  const millions = Math.max(1, messages) / 1_000_000;
  console.log(`\n${target}: ${datasetName(target)}, scale ${spec.scale}`);
  console.table(dataset.counts);
  console.table({
    [target]: {
      built: dataset.reused ? "reused" : `${dataset.generateSeconds} s`,
      "messages MiB": Math.round(messagesBytes / mebibyte),
      "database MiB": Math.round(databaseBytes / mebibyte),
      "messages MiB per 1M messages": Math.round(messagesBytes / mebibyte / millions),
      "database MiB per 1M messages": Math.round(databaseBytes / mebibyte / millions),
    },
  });
}
