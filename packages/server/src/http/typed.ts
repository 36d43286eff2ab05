import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/** The Fastify instance with zod schemas typing params, bodies and replies. */
export type TypedApp = ReturnType<FastifyInstance["withTypeProvider"]> & FastifyInstance;

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}
