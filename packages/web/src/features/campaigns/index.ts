// Pages are not exported here: the router imports each lazily from its own module, and a page
// re-exported by this barrel would load with every chunk that imports the barrel.
export { campaignQueryOptions, campaignsListQueryOptions } from "./api/campaigns.queries";
