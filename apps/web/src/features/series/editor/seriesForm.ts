import {
  newSeriesValues,
  type SeriesDetail,
  type SeriesForm,
  type SeriesFormInput,
  seriesFormSchema,
} from '@assess/contracts/series';
import { zodResolver } from '@hookform/resolvers/zod';

export type SeriesFormValues = SeriesFormInput;

/** The Information step's fields (validated alone by its Next). */
export const informationFields = [
  'code',
  'name',
  'description',
  'difficultyLevel',
  'duration',
  'price',
  'topicIds',
  'objective',
  'targetAudience',
] as const;

export const newSeriesFormValues = (): SeriesFormValues => newSeriesValues();

export const seriesFormValuesOf = (d: SeriesDetail): SeriesFormValues => ({
  code: d.code,
  name: d.name,
  description: d.description,
  difficultyLevel: d.difficultyLevel,
  duration: d.duration,
  price: d.price,
  topicIds: d.topicIds,
  objective: d.objective,
  targetAudience: d.targetAudience,
  expiryDate: d.expiryDate,
  isDynamic: d.isDynamic,
});

/** What the shared editor needs of the form: the same schema as the routes', a new series' values, a stored one's. */
export const seriesFormDef = {
  defaults: newSeriesFormValues,
  valuesOf: seriesFormValuesOf,
  resolver: zodResolver<SeriesFormValues, unknown, SeriesForm>(seriesFormSchema),
};
