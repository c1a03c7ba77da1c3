// Admin commands for teams (an organiser's page of events) and the home page's slider banners.
import { findTeam, insertBanner, insertTeam, isSafeLink } from '../db/teams-repo';
import { deleteSizedImage } from '../services/sized-images';
import { type Command, command, intArg, keyArg, noExtra, parseCommand, UsageError, urlArg } from './args';
import { storeImageFile } from './image-file';

const createTeam = command({
  name: 'create-team',
  args: '<team_key> --name NAME [--description TEXT] [--facebook URL] [--cover file.jpg]',
  summary: 'create a team; put events in it with create-event/update-event --team',
  parse(argv) {
    const name = 'create-team';
    const options = {
      name: { type: 'string' },
      description: { type: 'string' },
      facebook: { type: 'string' },
      cover: { type: 'string' },
    } as const;
    const { values, positionals } = parseCommand(name, argv, options, ['<team_key>']);
    noExtra(name, positionals, 1);
    const teamName = values.name?.trim();
    if (!teamName) throw new UsageError(`${name}: --name is required`);
    if (teamName.length > 200) throw new UsageError(`${name}: --name is longer than 200 characters`);
    const description = values.description?.trim() ?? '';
    if (description.length > 2000)
      throw new UsageError(`${name}: --description is longer than 2000 characters`);
    return {
      teamKey: keyArg(name, 'team key', positionals[0] as string),
      teamName,
      description,
      facebook: values.facebook === undefined ? '' : urlArg(name, 'facebook', values.facebook),
      cover: values.cover,
    };
  },
  async run(ctx, args) {
    const name = 'create-team';
    if (await findTeam(ctx.db, args.teamKey))
      throw new UsageError(`${name}: team "${args.teamKey}" already exists`);
    const cover = args.cover ? await storeImageFile(ctx, name, args.cover, `teams/${args.teamKey}`) : '';
    try {
      await insertTeam(ctx.db, {
        team_key: args.teamKey,
        team_name: args.teamName,
        team_description: args.description,
        team_facebook_url: args.facebook,
        cover_object: cover,
      });
    } catch (error) {
      if (cover) await deleteSizedImage(ctx.store, cover);
      throw error;
    }
    ctx.out(`created team ${args.teamKey}${cover ? ' with its cover' : ''}`);
  },
});

const addBanner = command({
  name: 'add-banner',
  args: '<image file> --link URL [--order N]',
  summary: 'add a home page slider banner (link: http(s) address or a site path like /event-key)',
  parse(argv) {
    const name = 'add-banner';
    const options = { link: { type: 'string' }, order: { type: 'string' } } as const;
    const { values, positionals } = parseCommand(name, argv, options, ['<image file>']);
    noExtra(name, positionals, 1);
    const link = values.link;
    if (link === undefined || link === '') throw new UsageError(`${name}: --link is required`);
    if (!isSafeLink(link) || link.length > 2000) {
      throw new UsageError(
        `${name}: --link must be an http(s) address or a path starting with /, got "${link}"`,
      );
    }
    const order = values.order === undefined ? 0 : intArg(name, 'order', values.order, 0, 10_000);
    return { file: positionals[0] as string, link, order };
  },
  async run(ctx, { file, link, order }) {
    const name = 'add-banner';
    const image = await storeImageFile(ctx, name, file, 'banners/banner');
    try {
      const id = await insertBanner(ctx.db, { image_object: image, link_url: link, sort_order: order });
      ctx.out(`added banner ${id} → ${link}`);
    } catch (error) {
      await deleteSizedImage(ctx.store, image);
      throw error;
    }
  },
});

export const teamCommands: Command[] = [createTeam, addBanner];
