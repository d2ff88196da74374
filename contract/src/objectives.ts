import { type Static, Type } from 'typebox';

/** A learning objective ("weight"): what a learner can do, worth `weight` points. */
export const Objective = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  weight: Type.Integer(),
  tier: Type.Integer(),
});
export type Objective = Static<typeof Objective>;
export const ObjectiveList = Type.Array(Objective);

export const ObjectiveListQuery = Type.Object({
  studentId: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2147483647,
      description: 'Staff only: the objectives this learner has not achieved',
    }),
  ),
  tiermin: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  tiermax: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
});
export type ObjectiveListQuery = Static<typeof ObjectiveListQuery>;

const Label = Type.String({ minLength: 1, maxLength: 127 });
const Weight = Type.Integer({ minimum: 0, maximum: 1000 });
const Tier = Type.Integer({ minimum: 1, maximum: 1000 });

export const CreateObjectiveBody = Type.Object({
  label: Label,
  weight: Weight,
  tier: Type.Optional(Tier),
});
export type CreateObjectiveBody = Static<typeof CreateObjectiveBody>;

export const UpdateObjectiveBody = Type.Object(
  { label: Type.Optional(Label), weight: Type.Optional(Weight), tier: Type.Optional(Tier) },
  { minProperties: 1 },
);
export type UpdateObjectiveBody = Static<typeof UpdateObjectiveBody>;
