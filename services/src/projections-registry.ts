import { streamActivityProjection, type AnyProjection } from '@alpenpass/projections';
import { capacityProjections } from '@alpenpass/projections/src/capacity';

/** Every read model the projector keeps and the ops CLI can inspect or replay. The composition root and
 * each bounded context add theirs here. */
export const projectionsRegistry: AnyProjection[] = [streamActivityProjection, ...capacityProjections];
