"""Groups over HTTP: making one, its invites and members, joining by an
invite, and sharing one game read-only (service.app.groups)."""
from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from service.http.access import REQUIRED, member, needs
from service.http.answers import Answer
from service.http.api import games
from service.http.resources import Resource, arguments

blp = Blueprint("groups", __name__, url_prefix="/api",
                description="Groups: whose games, players and statistics are their own; read-only shares.")

TOKEN = fields.String(metadata={"description": "shown once: keep it (the service keeps only its hash)"})


class NewGroupSchema(Schema):
    name = fields.String(load_default="", validate=validate.Length(max=100))


class CreatedGroupSchema(Answer):
    id = fields.String()
    name = fields.String()
    token = fields.String(metadata={"description": "the owner's group token (shown once): send it as "
                                                   "Tablelog-Group to read the group's games and to invite"})


class GroupSchema(Answer):
    sometimes = ("invites", "members")
    id = fields.String()
    name = fields.String()
    you = fields.String(metadata={"description": "owner, local (the embedded service's own machine), or your "
                                                 "member id"})
    owner = fields.Boolean()
    invites = fields.List(fields.String(), metadata={"description": "the open invites' ids (the owner's view)"})
    members = fields.List(fields.String(), metadata={"description": "the members' ids (the owner's view)"})
    shares = fields.List(fields.Dict(), metadata={"description": "each live share: its id and game"})


class InviteSchema(Answer):
    group = fields.String()
    invite = fields.String()
    token = fields.String(metadata={"description": "the invite (shown once): its link is <page>#/join/<token>"})


class JoinRequestSchema(Schema):
    invite = fields.String(required=True, validate=validate.Length(min=1, max=200))


class JoinedSchema(Answer):
    group = fields.String()
    name = fields.String()
    member = fields.String()
    token = fields.String(metadata={"description": "this device's own member token (shown once): send it as "
                                                   "Tablelog-Group"})


class RevokedSchema(Answer):
    sometimes = ("group", "invite", "member", "share")
    group = fields.String()
    invite = fields.String()
    member = fields.String()
    share = fields.String()
    revoked = fields.Boolean()


class ShareSchema(Answer):
    share = fields.String()
    game = fields.String()
    token = fields.String(metadata={"description": "the share (shown once): its link is "
                                                   "<page>#/share/<game>/<token>; as a bearer token it reads "
                                                   "the game as the table sees it"})


@blp.route("/groups")
class Groups(Resource):
    @arguments(blp, NewGroupSchema, required=False)
    @blp.response(201, CreatedGroupSchema)
    def post(self, body: dict[str, Any]):
        """Make a group; the answer's token is its owner's."""
        return games().create_group(body.get("name", ""))


@blp.route("/group")
class OwnGroup(Resource):
    @needs(member=REQUIRED)
    @blp.response(200, GroupSchema)
    def get(self):
        """The caller's group (its owner sees the open invites and the members too)."""
        return games().group_of_member(member())


@blp.route("/group/invites")
class Invites(Resource):
    @needs(member=REQUIRED)
    @blp.response(201, InviteSchema)
    def post(self):
        """A new invite (the owner's): each device that joins by it gets a member token of its own."""
        return games().make_invite(member())


@blp.route("/group/invites/<invite>")
class Invite(Resource):
    @needs(member=REQUIRED)
    @blp.response(200, RevokedSchema)
    def delete(self, invite: str):
        """Revoke an invite (the owner's): nobody joins by it any more; who joined stays."""
        return games().revoke_invite(member(), invite)


@blp.route("/group/members/<member_id>")
class Member(Resource):
    @needs(member=REQUIRED)
    @blp.response(200, RevokedSchema)
    def delete(self, member_id: str):
        """Revoke a member (the owner's): its token stops working."""
        return games().revoke_member(member(), member_id)


@blp.route("/groups/join")
class Join(Resource):
    @arguments(blp, JoinRequestSchema)
    @blp.response(201, JoinedSchema)
    def post(self, body: dict[str, Any]):
        """Join a group by an invite: this device's own member token. A wrong or revoked invite is 403
        (and counts as a wrong token)."""
        return games().join(body["invite"])


@blp.route("/games/<game_id>/shares")
class Shares(Resource):
    @needs(member=REQUIRED)
    @blp.response(201, ShareSchema)
    def post(self, game_id: str):
        """Share one of the group's games read-only (any member): its token reads the replay, log, chart and
        export as the table sees them, and needs no account."""
        return games().share_game(member(), game_id)


@blp.route("/group/shares/<share>")
class Share(Resource):
    @needs(member=REQUIRED)
    @blp.response(200, RevokedSchema)
    def delete(self, share: str):
        """Revoke a share (any member): its link stops opening the game."""
        return games().unshare_game(member(), share)
