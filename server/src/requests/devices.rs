//! Going on with one's name on another device: `device_code` issues a short-lived code on the
//! first device, and `link_device` on the second redeems it for a token of its own (the first
//! device's token stays good).

use chaupal_shared::protocol::{ErrorCode, ErrorReply, PlayerId, PlayerInfo, Reply};

use crate::devices::DeviceCodes;
use crate::identity::{new_token, token_hash};
use crate::store::Store;

/// `device_code`: a code for `player`'s other device, and how long it lasts.
pub fn device_code(devices: &DeviceCodes, player: PlayerId) -> Reply {
    let (code, life) = devices.issue(player);
    Reply::DeviceCode {
        code,
        expires_in_ms: life.as_millis() as u64,
    }
}

/// `link_device`: the code's player, with a new token for this device.
pub async fn link_device(
    devices: &DeviceCodes,
    store: &Store,
    code: &str,
    by: &PlayerInfo,
) -> Result<Reply, ErrorReply> {
    let linked = devices.redeem(code).ok_or_else(|| {
        ErrorReply::new(
            ErrorCode::BadDeviceCode,
            "this code is unknown, used or expired: ask the other device for a new one",
        )
    })?;
    let name = store
        .player_name(linked)
        .await?
        .ok_or_else(|| ErrorReply::new(ErrorCode::BadDeviceCode, "the code's player is gone"))?;
    let token = new_token();
    store
        .add_token(linked, &token_hash(&token), store.now_ms())
        .await?;
    tracing::info!("{by:?} linked a device of {linked}");
    Ok(Reply::Linked {
        player: PlayerInfo { id: linked, name },
        token,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

    use super::*;
    use crate::store::temporary;

    #[tokio::test]
    async fn a_code_links_once_and_the_new_token_is_the_players() {
        let (store, _dir) = temporary().await;
        let asha = store.create_player("asha", "first", 1).await.unwrap();
        let devices = DeviceCodes::default();
        let Reply::DeviceCode { code, .. } = device_code(&devices, asha) else {
            panic!("not a code");
        };
        let phone = PlayerInfo {
            id: PlayerId(99),
            name: "guest".to_owned(),
        };
        let Reply::Linked { player, token } =
            link_device(&devices, &store, &code, &phone).await.unwrap()
        else {
            panic!("not linked");
        };
        assert_eq!((player.id, player.name.as_str()), (asha, "asha"));
        let found = store.player_by_token(&token_hash(&token)).await.unwrap();
        assert_eq!(found.map(|(id, _)| id), Some(asha));
        let again = link_device(&devices, &store, &code, &phone)
            .await
            .unwrap_err();
        assert_eq!(again.code, ErrorCode::BadDeviceCode);
    }
}
