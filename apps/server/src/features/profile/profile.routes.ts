import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  profilePictureSetBody,
  profilePictureUserBody,
  profilePictureUserResponse,
  profilePicturesResponse,
} from '@casino/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, ok } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { profilePictures, setProfilePicture } from './profile-pictures.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    API.profilePictures,
    { schema: { tags: ['profile'], summary: 'Bundled avatars', response: { 200: envelopeSchema(profilePicturesResponse) } } },
    async (request) => ok(request, profilePictures()),
  );

  app.post(
    API.profilePictureUser,
    {
      preValidation: requireMember(ctx),
      schema: {
        tags: ['profile'],
        summary: "The member's profile picture (member_id, if sent, must be the caller's own)",
        security: [{ bearer: [] }],
        body: profilePictureUserBody.optional(),
        response: { 200: envelopeSchema(profilePictureUserResponse) },
      },
    },
    async (request) => {
      const { member } = memberOf(request);
      if (request.body?.member_id !== undefined && request.body.member_id !== member.id) throw new AppError('FORBIDDEN');
      return ok(request, { member_id: member.id, profileurl: member.profile_url });
    },
  );

  app.post(
    API.profilePictureSet,
    {
      preValidation: requireMember(ctx),
      schema: {
        tags: ['profile'],
        summary: 'Choose a bundled avatar',
        security: [{ bearer: [] }],
        body: profilePictureSetBody,
        response: { 200: envelopeSchema(profilePictureUserResponse) },
      },
    },
    async (request) => {
      const { member } = memberOf(request);
      if (request.body.member_id !== undefined && request.body.member_id !== member.id) throw new AppError('FORBIDDEN');
      const url = await setProfilePicture(ctx, member.id, request.body.profileurl);
      return ok(request, { member_id: member.id, profileurl: url }, 'profile.avatar_set');
    },
  );
};
