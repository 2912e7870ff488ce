//! What the server and the platform say about links: the device code and a linked device, a
//! link passed on, this player's invite code, the invitation of the link followed.

use crate::app::App;
use crate::app::Event;
use crate::app::LocalWish;
use crate::app::Outgoing;
use crate::app::links::Invited;
use crate::app::shell::Tone;
use crate::field::Field;
use crate::say;

/// What happens outside the app about links.
#[derive(Clone, Debug)]
pub enum LinkEvent {
    /// The server gave this player a device code, good for `expires_in` seconds.
    DeviceCode { code: String, expires_in: f32 },
    /// This device now plays as `name`, the player whose device code it used (the token is
    /// remembered; the client greets the server again with it).
    Linked { name: String },
    /// A link was passed on: to the phone's share sheet, or (`copied`) to the clipboard.
    Shared { link: String, copied: bool },
    /// The private game this player created waits for a friend with this invite code.
    InviteCode(String),
    /// The invitation of the link the player came by, read by the server.
    Invitation(Box<Invited>),
    /// The link's invitation is the player's own.
    OwnInvitation,
    /// A friend (`by`, their name) declined this player's invitation `code`: it is withdrawn.
    InvitationDeclined { by: String, code: String },
}

impl From<LinkEvent> for Event {
    fn from(event: LinkEvent) -> Self {
        Event::Link(event)
    }
}

impl App {
    /// Takes in an event about links.
    pub(in crate::app) fn apply_link(&mut self, event: LinkEvent) -> Vec<Outgoing> {
        match event {
            LinkEvent::DeviceCode { code, expires_in } => {
                if let Some(d) = &mut self.links.devices {
                    d.code = Some((code, expires_in));
                }
            }
            LinkEvent::Linked { name } => {
                self.links.link = None;
                self.links.devices = None;
                if self.keys.focus == Some(Field::Device) {
                    self.keys.focus = None;
                }
                self.tell(say!("notice-device-linked", name = &name), Tone::News);
                self.settings.name.clone_from(&name);
                return vec![Outgoing::Local(LocalWish::Rename(name))];
            }
            LinkEvent::Shared { link, copied } => {
                if copied {
                    self.tell(say!("notice-shared-link-copied", link = link), Tone::News);
                }
            }
            LinkEvent::InviteCode(code) => {
                self.links.invite_closed = false;
                self.tell(say!("notice-invite-ready", code = &code), Tone::News);
                self.lobby.my_code = Some(code);
            }
            LinkEvent::Invitation(invited) => self.invitation_read(*invited),
            LinkEvent::OwnInvitation => self.own_invitation(),
            LinkEvent::InvitationDeclined { by, code } => self.invitation_declined(&by, &code),
        }
        Vec::new()
    }
}
