// wokku's AI diagnosis of a deploy (POST /ai/diagnose). The service calls a language model
// with the log's last 3,000 characters; it answers 200 with a diagnosis or the reason
// there is none ("No API key configured" on a service whose operator set no key).

import type { CallOptions, Requester } from '../callTypes';
import type { Diagnosis } from '../models';
import { toDiagnosis } from '../modelReaders';

export function aiEndpoints(api: Requester) {
  return {
    /** POST /ai/diagnose `{deploy_id}`: slow (the service waits for the model, up to 30 s). */
    async diagnose(deployId: string, opts?: CallOptions): Promise<Diagnosis> {
      return toDiagnosis((await api.request({ method: 'POST', path: '/ai/diagnose', body: { deploy_id: deployId }, slow: true }, opts)).body);
    },
  };
}
