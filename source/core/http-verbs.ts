/** The HTTP verbs a route class implements as methods of the same name (get(), post()…). */
export const HTTP_VERBS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpVerb = (typeof HTTP_VERBS)[number];
